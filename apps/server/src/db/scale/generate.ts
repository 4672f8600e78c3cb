import { hashPassword } from 'better-auth/crypto';
import type { Database } from '../client.ts';
import { associations } from './domains/associations.ts';
import { conversations, notifications } from './domains/conversations.ts';
import { documents } from './domains/documents.ts';
import { staff } from './domains/staff.ts';
import { workOrders } from './domains/work-orders.ts';
import {
  dayMs,
  type DomainGenerator,
  type GeneratorContext,
  type Portfolio,
  type ScaleSizes,
} from './portfolio.ts';
import { Random } from './random.ts';
import { RowSink, tables, type CopyTarget, type Table } from './sink.ts';

/**
 * The portfolio generator (issue 19, decision 0037): a believable portfolio of associations written
 * straight into the database with COPY, deterministic from a seed. One domain generator per part of
 * the product, run in this order; a later issue appends its own.
 */
export const domains: DomainGenerator[] = [
  staff,
  associations,
  workOrders,
  conversations,
  documents,
  notifications,
];

/** The sizes of issue 19 at 150 associations; `sizesFor` scales the staff with the association count. */
export const portfolioSizes: Omit<ScaleSizes, 'associations' | 'managers' | 'vendors' | 'admins'> = {
  unitsPerAssociation: 167,
  workOrdersPerUnit: 10,
  years: 5,
  messagesPerRoom: 9,
  assistantUsers: 0.35,
  threadsPerUser: 2,
  messagesPerThread: 6,
  documentsPerAssociation: 133,
  notificationsPerPerson: 3,
};

export function sizesFor(associationCount: number, overrides: Partial<ScaleSizes> = {}): ScaleSizes {
  return {
    ...portfolioSizes,
    associations: associationCount,
    managers: Math.max(1, Math.round(associationCount * 0.4)),
    vendors: Math.max(2, associationCount * 2),
    admins: 2,
    ...overrides,
  };
}

/** PGlite runs in this process on one connection: a portfolio above this many associations goes to PostgreSQL. */
export const pgliteMaxAssociations = 10;

export class PortfolioRefused extends Error {}

/** The tables the audit trail's triggers watch (migration 0014): they are off while the generator writes. */
const auditedTables = [
  'profiles',
  'properties',
  'property_managers',
  'units',
  'unit_ownerships',
  'unit_occupancies',
  'committees',
  'committee_members',
  'property_documents',
  'work_orders',
  'work_order_tasks',
] as const;

export type GenerateOptions = {
  seed: number;
  sizes: ScaleSizes;
  /** The day the history ends (default: today, UTC). */
  today?: Date;
  /** The password of every generated account. */
  password: string;
  log?: (event: Record<string, unknown>) => void;
};

export type GenerateResult = {
  seed: number;
  associations: number;
  counts: Partial<Record<Table, number>>;
  seconds: { total: number } & Record<string, number>;
  portfolio: Portfolio;
};

/**
 * Fills an empty, migrated database with a portfolio, in one transaction: a failure leaves it empty.
 * The audit triggers are disabled for this transaction only (ALTER TABLE … DISABLE TRIGGER is
 * transactional: other sessions never see them off, and a rollback turns them back on) — a generated
 * history is not something anyone did, and auditing 4 million rows would double the run and the disk.
 */
export async function generatePortfolio(
  database: Database,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { sizes } = options;
  if (database.kind === 'pglite' && sizes.associations > pgliteMaxAssociations)
    throw new PortfolioRefused(
      `PGlite (the embedded database) holds at most ${pgliteMaxAssociations} generated associations: it runs on one connection inside this process. ` +
        `For ${sizes.associations}, start PostgreSQL (scripts/postgres.sh start /tmp/pg 5433) and pass --database-url postgres://… (or set DATABASE_URL).`,
    );
  const today = options.today ?? new Date(Math.floor(Date.now() / dayMs) * dayMs);
  const passwordHash = await hashPassword(options.password);

  const run = async (query: (text: string) => Promise<unknown>, target: CopyTarget) => {
    const existing = (await query(
      'select (select count(*) from properties) + (select count(*) from profiles) as n',
    )) as {
      rows: { n: string | number }[];
    };
    if (Number(existing.rows[0]!.n) > 0)
      throw new PortfolioRefused(
        'The database already has properties or people: the generator fills an empty, migrated database only. Create a new database (or drop this one) and run it again.',
      );
    for (const table of auditedTables) await query(`alter table "${table}" disable trigger "${table}_audit"`);
    const sink = new RowSink(target);
    const context: GeneratorContext = {
      sizes,
      seed: options.seed,
      today,
      sink,
      passwordHash,
      portfolio: { admins: [], managers: [], vendors: [], associations: [] },
      random: (domain) => new Random(options.seed, domain),
      log,
    };
    const seconds: Record<string, number> = {};
    for (const domain of domains) {
      const domainStart = performance.now();
      await domain.run(context);
      await sink.flush();
      seconds[domain.name] = round((performance.now() - domainStart) / 1000);
      log({ domain: domain.name, seconds: seconds[domain.name], rows: { ...sink.counts } });
    }
    // The generated work orders carry their reference numbers: each association's next one follows them.
    await query(`insert into work_order_sequences (property_id, next_number)
      select property_id, max(reference_number) + 1 from work_orders group by property_id`);
    for (const table of auditedTables) await query(`alter table "${table}" enable trigger "${table}_audit"`);
    return { context, seconds, counts: { ...sink.counts } };
  };

  let outcome: Awaited<ReturnType<typeof run>>;
  if (database.kind === 'postgres') {
    const client = await database.pool!.connect();
    try {
      await client.query('begin');
      outcome = await run((text) => client.query(text), { kind: 'postgres', client });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  } else {
    const pglite = database.pglite!;
    await pglite.exec('begin');
    try {
      outcome = await run((text) => pglite.query(text), { kind: 'pglite', pglite });
      await pglite.exec('commit');
    } catch (error) {
      await pglite.exec('rollback').catch(() => {});
      throw error;
    }
  }
  const analyzeStart = performance.now();
  // Fresh statistics, so the first queries are planned for the data that is there; and the visibility
  // map a database in service keeps through autovacuum, so index-only scans work as they would there
  // (a bulk load leaves every page unmarked until autovacuum's first pass).
  for (const table of Object.keys(tables)) {
    if (database.kind === 'postgres') await database.pool!.query(`vacuum analyze "${table}"`);
    else await database.pglite!.query(`vacuum analyze "${table}"`);
  }
  const analyzeSeconds = round((performance.now() - analyzeStart) / 1000);
  return {
    seed: options.seed,
    associations: sizes.associations,
    counts: outcome.counts,
    seconds: {
      ...outcome.seconds,
      analyze: analyzeSeconds,
      total: round((performance.now() - started) / 1000),
    },
    portfolio: outcome.context.portfolio,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
