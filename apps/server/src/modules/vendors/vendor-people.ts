import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { VendorPerson, VendorPersonInput, VendorPersonUpdate } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { accounts, profiles, vendorCompanies, vendorPeople } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { issueInvitation } from '../users/users.service.ts';
import { keptCompany, peopleOf, type VendorsContext } from './vendor-views.ts';

/**
 * A vendor company's people (issue 24 item 1): vendor accounts, one company each. A manager invites them
 * by e-mail like any user (a one-time link to set a password); an existing vendor account of no company
 * is added without a new invitation. Removing someone ends their place in the company; their account
 * stays (admins deactivate accounts).
 */

/** Sends a person their invitation link, in the transaction that issues it. */
export type VendorInvitationMail = (
  tx: Db,
  invitee: { id: string },
  link: { token: string; expiresAt: Date },
  about: { invitedBy: string; companyName: string },
) => Promise<void>;

const personElsewhere = () => {
  const message =
    'This person already belongs to another vendor company. They must be removed from it before they can join this one.';
  return new AppError(409, 'VENDOR_PERSON_ELSEWHERE', message, { fields: { email: message } });
};

/** The company's main contact is this person alone: the one before stops being it. */
async function makePrimary(tx: Db, companyId: string, userId: string) {
  await tx
    .update(vendorPeople)
    .set({ isPrimary: false })
    .where(
      and(
        eq(vendorPeople.companyId, companyId),
        eq(vendorPeople.isPrimary, true),
        isNull(vendorPeople.removedAt),
      ),
    );
  await tx
    .update(vendorPeople)
    .set({ isPrimary: true })
    .where(
      and(
        eq(vendorPeople.companyId, companyId),
        eq(vendorPeople.userId, userId),
        isNull(vendorPeople.removedAt),
      ),
    );
}

/**
 * Adds a person to the company: a new vendor account with an invitation e-mail. An existing vendor
 * account joins only when an admin adds it (and only if it belongs to no company): joining a company lets
 * its people read the company's W-9 and be assigned its work, so a manager cannot pull someone else's
 * account in by typing its e-mail. An account of another role, or a person of another company, is refused.
 */
export async function addVendorPerson(
  ctx: VendorsContext,
  companyId: string,
  input: VendorPersonInput,
  sendInvitation: VendorInvitationMail,
): Promise<VendorPerson> {
  const email = input.email.trim().toLowerCase();
  const userId = await ctx.db
    .transaction(async (tx) => {
      const company = await keptCompany(tx, ctx.actor, companyId);
      const [existing] = await tx
        .select({ id: profiles.id, role: profiles.role })
        .from(profiles)
        .where(sql`lower(${profiles.email}) = ${email}`);
      if (existing && existing.role !== 'vendor') {
        const message = `${email} belongs to an account that is not a vendor's. Use another e-mail address for this person.`;
        throw new AppError(409, 'EMAIL_TAKEN', message, { fields: { email: message } });
      }
      if (existing) {
        const [membership] = await tx
          .select({ companyId: vendorPeople.companyId })
          .from(vendorPeople)
          .where(and(eq(vendorPeople.userId, existing.id), isNull(vendorPeople.removedAt)));
        if (membership?.companyId === companyId) {
          const message = `${email} is already one of ${company.name}'s people.`;
          throw new AppError(409, 'VENDOR_PERSON_ALREADY_ADDED', message, { fields: { email: message } });
        }
        if (membership) throw personElsewhere();
        if (ctx.actor.role !== 'admin') {
          const message = `${email} already has a vendor account. Ask an admin to add it to ${company.name} once they have checked it is the right person.`;
          throw new AppError(409, 'VENDOR_ACCOUNT_EXISTS', message, { fields: { email: message } });
        }
      }
      const id = existing?.id ?? randomUUID();
      if (!existing)
        await tx.insert(profiles).values({ id, email, fullName: input.fullName, role: 'vendor' });
      await tx.insert(vendorPeople).values({
        companyId,
        userId: id,
        title: input.title || null,
        phone: input.phone || null,
        addedBy: ctx.actor.id,
      });
      if (input.isPrimary) await makePrimary(tx, companyId, id);
      if (!existing) {
        const link = await issueInvitation(tx, id);
        await sendInvitation(tx, { id }, link, { invitedBy: ctx.actor.fullName, companyName: company.name });
      }
      return id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'vendor_people_user_key')) throw personElsewhere();
      if (isUniqueViolation(error)) {
        const message = `A user with the e-mail ${email} already exists.`;
        throw new AppError(409, 'EMAIL_TAKEN', message, { fields: { email: message } });
      }
      throw error;
    });
  return (await peopleOf(ctx.db, companyId, userId))[0]!;
}

/** A person of the company now, or 404. */
async function personOf(tx: Db, companyId: string, userId: string) {
  const [row] = await tx
    .select({ userId: vendorPeople.userId, companyName: vendorCompanies.name })
    .from(vendorPeople)
    .innerJoin(vendorCompanies, eq(vendorCompanies.id, vendorPeople.companyId))
    .where(
      and(
        eq(vendorPeople.companyId, companyId),
        eq(vendorPeople.userId, userId),
        isNull(vendorPeople.removedAt),
      ),
    );
  if (!row) throw notFound('Person');
  return row;
}

/** A new invitation link for a person who has not set a password yet (the old one stops working). */
export async function resendVendorInvitation(
  ctx: VendorsContext,
  companyId: string,
  userId: string,
  sendInvitation: VendorInvitationMail,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const company = await keptCompany(tx, ctx.actor, companyId);
    await personOf(tx, companyId, userId);
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    if (account) {
      const [person] = await tx
        .select({ fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, userId));
      throw new AppError(
        409,
        'ALREADY_JOINED',
        `${person?.fullName ?? 'This person'} has already set a password; there is nothing to resend.`,
      );
    }
    const link = await issueInvitation(tx, userId);
    await sendInvitation(tx, { id: userId }, link, {
      invitedBy: ctx.actor.fullName,
      companyName: company.name,
    });
  });
}

/** The person leaves the company; their account stays. */
export async function removeVendorPerson(
  ctx: VendorsContext,
  companyId: string,
  userId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await keptCompany(tx, ctx.actor, companyId);
    await personOf(tx, companyId, userId);
    await tx
      .update(vendorPeople)
      .set({ removedAt: new Date(), isPrimary: false })
      .where(
        and(
          eq(vendorPeople.companyId, companyId),
          eq(vendorPeople.userId, userId),
          isNull(vendorPeople.removedAt),
        ),
      );
  });
}

/** A keeper changes a person's title or phone, or makes them the main contact (the one before stops being it). */
export async function updateVendorPerson(
  ctx: VendorsContext,
  companyId: string,
  userId: string,
  input: VendorPersonUpdate,
): Promise<VendorPerson> {
  await ctx.db.transaction(async (tx) => {
    await keptCompany(tx, ctx.actor, companyId);
    await personOf(tx, companyId, userId);
    const blankToNull = (value: string | null | undefined) =>
      value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();
    const changes = { title: blankToNull(input.title), phone: blankToNull(input.phone) };
    if (changes.title !== undefined || changes.phone !== undefined)
      await tx
        .update(vendorPeople)
        .set(changes)
        .where(
          and(
            eq(vendorPeople.companyId, companyId),
            eq(vendorPeople.userId, userId),
            isNull(vendorPeople.removedAt),
          ),
        );
    if (input.isPrimary) await makePrimary(tx, companyId, userId);
  });
  return (await peopleOf(ctx.db, companyId, userId))[0]!;
}
