import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountTypes, funds } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { units } from './units.ts';
import { cents, inList } from './sql.ts';

/**
 * An association's books (issue 20; decision 0043). Every property has them from the moment it exists
 * (a trigger opens them with the default chart, migration 0029). `closed_through` only moves forward:
 * nothing is posted on or before it.
 */
export const financeBooks = pgTable(
  'finance_books',
  {
    /** Names the row in the audit trail, which records who closed which month. */
    id: uuid('id').notNull().unique().defaultRandom(),
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
    closedThrough: date('closed_through'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('finance_books_month_check', sql`${t.fiscalYearStartMonth} between 1 and 12`)],
);

export const glAccounts = pgTable(
  'gl_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: accountTypes }).notNull(),
    fund: text('fund', { enum: funds }).notNull(),
    /** The default chart's accounts the product posts to itself (e.g. `assessments_receivable`). */
    systemKey: text('system_key'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gl_accounts_property_code_key').on(t.propertyId, sql`lower(${t.code})`),
    uniqueIndex('gl_accounts_property_system_key').on(t.propertyId, t.systemKey),
    check('gl_accounts_type_check', sql`${t.type} in ${inList(accountTypes)}`),
    check('gl_accounts_fund_check', sql`${t.fund} in ${inList(funds)}`),
  ],
);

/** A posting: append-only (update and delete are refused by the database); corrected by a reversal. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A number people can quote, in posting order across the installation. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    postedOn: date('posted_on').notNull(),
    memo: text('memo').notNull(),
    /** What made it: `manual` for a person's entry, `reversal`, later `charge`, `payment`… */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    /** The entry this one reverses; an entry is reversed at most once. */
    reversesId: uuid('reverses_id'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_number_key').on(t.number),
    uniqueIndex('journal_entries_reverses_key').on(t.reversesId),
    index('journal_entries_property_posted_idx').on(t.propertyId, t.postedOn, t.number),
    index('journal_entries_source_idx').on(t.sourceType, t.sourceId),
  ],
);

/** A debit (positive) or credit (negative) to one account, of one fund, maybe for one unit. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => glAccounts.id),
    fund: text('fund', { enum: funds }).notNull(),
    unitId: uuid('unit_id').references(() => units.id),
    amountCents: cents('amount_cents').notNull(),
    memo: text('memo'),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_account_idx').on(t.accountId, t.entryId),
    index('journal_lines_unit_idx')
      .on(t.unitId)
      .where(sql`${t.unitId} is not null`),
    check('journal_lines_amount_check', sql`${t.amountCents} <> 0`),
  ],
);
