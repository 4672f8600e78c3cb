import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  autopayReminderDays,
  formatMoney,
  type AutopayEnrolment,
  type AutopayInput,
  type AutopayState,
  type SavedMethod,
  type SavedMethodInput,
  type StartedMethod,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  autopayAttempts,
  autopayEnrolments,
  payments,
  profiles,
  propertyManagers,
  savedPaymentMethods,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Notifier } from '../notifications/notify.ts';
import { fieldError, inTransaction, requireProperty, type PropertyRow } from './books.service.ts';
import { addDays } from './due-dates.ts';
import { receiptOf, requireOwnedUnit } from './owner-accounts.service.ts';
import {
  noOnlinePaymentsNotice,
  testAutopayNotice,
  type PaymentProviderClient,
} from './payment-providers.ts';
import { unitBalanceOf } from './ledger.service.ts';
import { lockUnit, paymentsByIds, settlePayment } from './payments.service.ts';

/**
 * Autopay (issue 20, item 5; decision 0055). An owner saves a card or bank account with the provider and
 * sets a most-per-charge and a day of the month (1–28). The nightly run, in each association's time zone:
 * - ends an enrolment whose owner no longer owns the unit, whose method was removed, or whose card has
 *   expired (the owner is told why);
 * - reminds the owner `autopayReminderDays` days before the charge day, with the balance as it stands;
 * - on the charge day (or the first run after it, within the month) charges the unit's balance: nothing
 *   when nothing is owed; nothing, with the owner and the managers told why, when the balance is above the
 *   owner's maximum; otherwise a pending payment is written with a job that asks the provider.
 * Each (enrolment, month, step) is done once (autopay_attempts' unique key), and the provider is asked
 * with a key of the enrolment and the month: a re-run, a second server or a retried job charges once.
 */

/** The queue of autopay charges: one job per payment, asking the provider. */
export const autopayChargeQueue = 'finance.autopay-charge';

const month = (day: string) => day.slice(0, 7);
/** The day of the month a charge day falls on in the month of `day`. */
const chargeDateIn = (day: string, chargeDay: number) =>
  `${month(day)}-${String(chargeDay).padStart(2, '0')}`;
const nextMonthOf = (day: string) => addDays(`${month(day)}-28`, 7);

/** The next day autopay charges, on or after `today`, for an enrolment begun on `startedOn`. */
export function nextChargeOn(chargeDay: number, today: string, charged: Set<string>): string {
  const thisMonth = chargeDateIn(today, chargeDay);
  if (thisMonth >= today && !charged.has(month(today))) return thisMonth;
  return chargeDateIn(nextMonthOf(today), chargeDay);
}

const cardExpired = (method: { expMonth: number | null; expYear: number | null }, day: string) =>
  method.expYear !== null &&
  method.expMonth !== null &&
  method.expYear * 12 + method.expMonth < Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));

type MethodRow = typeof savedPaymentMethods.$inferSelect;

const methodName = (method: Pick<MethodRow, 'brand' | 'kind' | 'last4'>) =>
  `${method.brand || (method.kind === 'card' ? 'Card' : 'Bank account')}${method.last4 ? ` ending ${method.last4}` : ''}`;

function methodView(row: MethodRow, today: string): SavedMethod {
  return {
    id: row.id,
    provider: row.provider === 'stripe' ? 'stripe' : 'test',
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isExpired: cardExpired(row, today),
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

// --- Saved methods -------------------------------------------------------------------------------------

async function methodsOf(db: Db, userId: string) {
  return db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), isNull(savedPaymentMethods.removedAt)))
    .orderBy(desc(savedPaymentMethods.createdAt));
}

/**
 * Saves a card or bank account for the caller. The row is written first (pending, by the request's key,
 * so a retry finds it); then the provider is asked: the demo's test provider saves it at once, Stripe
 * starts a SetupIntent that the browser confirms and Stripe's webhook completes (stripe-webhooks.ts).
 */
export async function saveMethod(
  ctx: ServiceContext,
  input: SavedMethodInput,
  provider: PaymentProviderClient | null,
): Promise<StartedMethod> {
  if (!provider) throw new AppError(409, 'NO_ONLINE_PAYMENTS', noOnlinePaymentsNotice);
  if (!provider.methods.includes(input.kind))
    throw fieldError(422, 'METHOD_NOT_OFFERED', 'kind', 'This method cannot be saved here');
  const today = new Date().toISOString().slice(0, 10);
  const [made] = await ctx.db
    .insert(savedPaymentMethods)
    .values({
      userId: ctx.actor.id,
      provider: provider.name,
      kind: input.kind,
      status: 'pending',
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing()
    .returning();
  const [row] = made
    ? [made]
    : await ctx.db
        .select()
        .from(savedPaymentMethods)
        .where(
          and(
            eq(savedPaymentMethods.userId, ctx.actor.id),
            eq(savedPaymentMethods.idempotencyKey, input.idempotencyKey),
          ),
        );
  if (!row || row.removedAt) throw notFound('Payment method');
  if (row.kind !== input.kind)
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This request key was already used: start again');
  if (row.status !== 'pending' || (row.setupRef && !made)) {
    // Asked again: the same method, and (still pending with Stripe) the same setup to confirm.
    return { method: methodView(row, today), confirmation: null };
  }
  const [person] = await ctx.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, ctx.actor.id));
  const [customer] = await ctx.db
    .select({ ref: savedPaymentMethods.customerRef })
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.userId, ctx.actor.id),
        eq(savedPaymentMethods.provider, provider.name),
        sql`${savedPaymentMethods.customerRef} is not null`,
      ),
    )
    .limit(1);
  const answer = await provider.saveMethod({
    methodId: row.id,
    userId: ctx.actor.id,
    email: person!.email,
    kind: input.kind,
    customerRef: customer?.ref ?? null,
    idempotencyKey: input.idempotencyKey,
  });
  const [saved] = await ctx.db
    .update(savedPaymentMethods)
    .set(
      answer.status === 'active'
        ? {
            status: 'active',
            brand: answer.brand,
            last4: answer.last4,
            expMonth: answer.expMonth,
            expYear: answer.expYear,
            customerRef: answer.customerRef,
            methodRef: answer.methodRef,
          }
        : answer.status === 'pending'
          ? { customerRef: answer.customerRef, setupRef: answer.setupRef }
          : { status: 'failed', failureReason: answer.failureReason },
    )
    .where(eq(savedPaymentMethods.id, row.id))
    .returning();
  return {
    method: methodView(saved!, today),
    confirmation:
      answer.status === 'pending' && provider.publishableKey
        ? { provider: 'stripe', clientSecret: answer.clientSecret, publishableKey: provider.publishableKey }
        : null,
  };
}

/** Removes one of the caller's saved methods; autopay that used it ends, and says why. */
export async function removeMethod(ctx: ServiceContext, methodId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(savedPaymentMethods)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(savedPaymentMethods.id, methodId),
          eq(savedPaymentMethods.userId, ctx.actor.id),
          isNull(savedPaymentMethods.removedAt),
        ),
      )
      .returning();
    if (!row) throw notFound('Payment method');
    const using = await tx
      .select({ id: autopayEnrolments.id, propertyId: autopayEnrolments.propertyId })
      .from(autopayEnrolments)
      .where(and(eq(autopayEnrolments.methodId, row.id), isNull(autopayEnrolments.endedOn)));
    for (const enrolment of using) {
      const property = await requireProperty(tx, enrolment.propertyId, undefined);
      await endEnrolment(
        tx,
        enrolment.id,
        property.today,
        `${methodName(row)} was removed: autopay stopped.`,
      );
    }
  });
}

// --- An owner's autopay for a unit ---------------------------------------------------------------------

export async function autopayState(
  ctx: ServiceContext,
  unitId: string,
  provider: PaymentProviderClient | null,
): Promise<AutopayState> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  return stateOf(ctx.db, ctx.actor.id, unit, provider);
}

async function stateOf(
  db: Db,
  userId: string,
  unit: { id: string; label: string; property: PropertyRow },
  provider: PaymentProviderClient | null,
): Promise<AutopayState> {
  const today = unit.property.today;
  const rows = await db
    .select({ enrolment: autopayEnrolments, method: savedPaymentMethods, ownerName: profiles.fullName })
    .from(autopayEnrolments)
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, autopayEnrolments.methodId))
    .innerJoin(profiles, eq(profiles.id, autopayEnrolments.ownerId))
    .where(eq(autopayEnrolments.unitId, unit.id))
    .orderBy(desc(autopayEnrolments.createdAt))
    .limit(2);
  const active = rows.find((row) => row.enrolment.endedOn === null);
  const ended = rows.find((row) => row.enrolment.endedOn !== null);
  const methods = (await methodsOf(db, userId)).map((row) => methodView(row, today));
  const usable = (method: SavedMethod) => method.status === 'active' && !method.isExpired;
  return {
    available: provider !== null,
    notice: !provider
      ? noOnlinePaymentsNotice
      : provider.name === 'test'
        ? testAutopayNotice
        : provider.notice,
    reminderDays: autopayReminderDays,
    enrolment: active ? await enrolmentView(db, active, unit, today) : null,
    lastEnded: !active && ended ? await enrolmentView(db, ended, unit, today) : null,
    methods: [...methods.filter(usable), ...methods.filter((method) => !usable(method))],
  };
}

async function enrolmentView(
  db: Db,
  row: { enrolment: typeof autopayEnrolments.$inferSelect; method: MethodRow; ownerName: string },
  unit: { id: string; label: string },
  today: string,
): Promise<AutopayEnrolment> {
  const attempts = await db
    .select({
      period: autopayAttempts.period,
      step: autopayAttempts.step,
      outcome: autopayAttempts.outcome,
      amountCents: autopayAttempts.amountCents,
      reason: autopayAttempts.reason,
      createdAt: autopayAttempts.createdAt,
      paymentStatus: payments.status,
      paymentFailure: payments.failureReason,
    })
    .from(autopayAttempts)
    .leftJoin(payments, eq(payments.id, autopayAttempts.paymentId))
    .where(eq(autopayAttempts.enrolmentId, row.enrolment.id))
    .orderBy(desc(autopayAttempts.createdAt))
    .limit(24);
  const charged = new Set(attempts.filter((a) => a.step === 'charge').map((a) => a.period));
  const { enrolment } = row;
  return {
    id: enrolment.id,
    unit: { id: unit.id, label: unit.label },
    owner: { id: enrolment.ownerId, fullName: row.ownerName },
    method: methodView(row.method, today),
    maxCents: enrolment.maxCents,
    chargeDay: enrolment.chargeDay,
    status: enrolment.endedOn === null ? 'active' : 'ended',
    endedReason: enrolment.endedReason,
    startedOn: enrolment.startedOn,
    endedOn: enrolment.endedOn,
    nextChargeOn: enrolment.endedOn === null ? nextChargeOn(enrolment.chargeDay, today, charged) : null,
    history: attempts
      .filter((attempt) => attempt.step === 'charge')
      .slice(0, 12)
      .map((attempt) => {
        // A charge's outcome is its payment's: the provider may settle or return it later.
        const outcome =
          attempt.paymentStatus === 'succeeded'
            ? 'charged'
            : attempt.paymentStatus === 'pending'
              ? 'pending'
              : attempt.paymentStatus === 'failed' || attempt.paymentStatus === 'reversed'
                ? 'failed'
                : attempt.outcome;
        return {
          period: attempt.period,
          outcome,
          amountCents: attempt.amountCents,
          reason: outcome === 'failed' ? (attempt.paymentFailure ?? attempt.reason) : attempt.reason,
          at: attempt.createdAt.toISOString(),
        };
      }),
  };
}

/**
 * Sets up (or changes) autopay for a unit the caller owns, with one of their active saved methods. A unit
 * has one autopay: a co-owner's stands until they stop it (409, naming them).
 */
export async function setAutopay(
  ctx: ServiceContext,
  unitId: string,
  input: AutopayInput,
  provider: PaymentProviderClient | null,
): Promise<AutopayState> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  if (!provider) throw new AppError(409, 'NO_ONLINE_PAYMENTS', noOnlinePaymentsNotice);
  await inTransaction(ctx, async (tx) => {
    await lockUnit(tx, unit.property.id, unit.id);
    const [method] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(
        and(
          eq(savedPaymentMethods.id, input.methodId),
          eq(savedPaymentMethods.userId, ctx.actor.id),
          isNull(savedPaymentMethods.removedAt),
        ),
      );
    if (!method) throw fieldError(422, 'METHOD_NOT_FOUND', 'methodId', 'Choose one of your saved methods');
    if (method.status !== 'active')
      throw fieldError(
        422,
        'METHOD_NOT_READY',
        'methodId',
        method.status === 'pending'
          ? `${methodName(method)} is still being confirmed by the payment processor`
          : `${methodName(method)} could not be saved: add it again`,
      );
    if (method.provider !== provider.name)
      throw fieldError(422, 'METHOD_NOT_READY', 'methodId', 'Save this method again: the processor changed');
    if (cardExpired(method, unit.property.today))
      throw fieldError(
        422,
        'METHOD_EXPIRED',
        'methodId',
        `${methodName(method)} expired in ${String(method.expMonth).padStart(2, '0')}/${method.expYear}: choose another`,
      );
    const [current] = await tx
      .select({ id: autopayEnrolments.id, ownerId: autopayEnrolments.ownerId, ownerName: profiles.fullName })
      .from(autopayEnrolments)
      .innerJoin(profiles, eq(profiles.id, autopayEnrolments.ownerId))
      .where(and(eq(autopayEnrolments.unitId, unit.id), isNull(autopayEnrolments.endedOn)));
    if (current && current.ownerId !== ctx.actor.id)
      throw new AppError(
        409,
        'AUTOPAY_TAKEN',
        `${current.ownerName} already pays unit ${unit.label} by autopay: they can stop it first`,
      );
    if (current) {
      await tx
        .update(autopayEnrolments)
        .set({ methodId: method.id, maxCents: input.maxCents, chargeDay: input.chargeDay })
        .where(eq(autopayEnrolments.id, current.id));
      return;
    }
    await tx.insert(autopayEnrolments).values({
      propertyId: unit.property.id,
      unitId: unit.id,
      ownerId: ctx.actor.id,
      methodId: method.id,
      maxCents: input.maxCents,
      chargeDay: input.chargeDay,
      startedOn: unit.property.today,
    });
  });
  return stateOf(ctx.db, ctx.actor.id, unit, provider);
}

/** Stops autopay for a unit the caller owns (theirs or a co-owner's). */
export async function stopAutopay(
  ctx: ServiceContext,
  unitId: string,
  provider: PaymentProviderClient | null,
): Promise<AutopayState> {
  const unit = await requireOwnedUnit(ctx, ctx.db, unitId);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: autopayEnrolments.id })
      .from(autopayEnrolments)
      .where(and(eq(autopayEnrolments.unitId, unit.id), isNull(autopayEnrolments.endedOn)))
      .for('update');
    if (!current) throw new AppError(409, 'AUTOPAY_NOT_ON', `Autopay is not on for unit ${unit.label}`);
    const [me] = await tx
      .select({ name: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, ctx.actor.id));
    await endEnrolment(tx, current.id, unit.property.today, `Stopped by ${me!.name}.`);
  });
  return stateOf(ctx.db, ctx.actor.id, unit, provider);
}

async function endEnrolment(db: Db, enrolmentId: string, on: string, reason: string) {
  await db
    .update(autopayEnrolments)
    .set({ endedOn: on, endedReason: reason })
    .where(and(eq(autopayEnrolments.id, enrolmentId), isNull(autopayEnrolments.endedOn)));
}

/**
 * Ends the autopay of an owner whose ownership of the unit ends (called in the transaction that ends
 * it, when it ends today or earlier; the nightly run ends those that end on a later day).
 */
export async function endAutopayOfOwner(db: Db, unitId: string, ownerId: string, on: string) {
  const [current] = await db
    .select({ id: autopayEnrolments.id })
    .from(autopayEnrolments)
    .where(
      and(
        eq(autopayEnrolments.unitId, unitId),
        eq(autopayEnrolments.ownerId, ownerId),
        isNull(autopayEnrolments.endedOn),
      ),
    );
  if (current) await endEnrolment(db, current.id, on, 'The ownership of the unit ended: autopay stopped.');
}

// --- The nightly run -----------------------------------------------------------------------------------

type Enrolled = {
  enrolment: typeof autopayEnrolments.$inferSelect;
  method: MethodRow;
  unitLabel: string;
  owns: boolean;
};

/** One thing tonight's run does for an enrolment, with what the plan found, so the run reads it once. */
export type AutopayAction = Omit<Enrolled, 'owns'> & { summary: string } & (
    | { kind: 'end'; reason: string }
    | { kind: 'remind'; next: string }
    | { kind: 'charge' | 'over_max' | 'nothing_due'; balanceCents: number }
  );

async function managersOf(db: Db, propertyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: propertyManagers.userId })
    .from(propertyManagers)
    .where(eq(propertyManagers.propertyId, propertyId));
  return rows.map((row) => row.id);
}

/** What tonight's run would do for each active enrolment of the association, on `day`. */
export async function planAutopay(db: Db, propertyId: string, day: string): Promise<AutopayAction[]> {
  const rows: Enrolled[] = await db
    .select({
      enrolment: autopayEnrolments,
      method: savedPaymentMethods,
      unitLabel: units.label,
      owns: sql<boolean>`exists (select 1 from ${unitOwnerships} o where o.unit_id = ${autopayEnrolments.unitId}
        and o.user_id = ${autopayEnrolments.ownerId} and o.starts_on <= ${day}::date
        and (o.ends_on is null or o.ends_on > ${day}::date))`,
    })
    .from(autopayEnrolments)
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, autopayEnrolments.methodId))
    .innerJoin(units, eq(units.id, autopayEnrolments.unitId))
    .where(and(eq(autopayEnrolments.propertyId, propertyId), isNull(autopayEnrolments.endedOn)))
    .orderBy(units.label);
  const done = rows.length
    ? await db
        .select({
          enrolmentId: autopayAttempts.enrolmentId,
          period: autopayAttempts.period,
          step: autopayAttempts.step,
        })
        .from(autopayAttempts)
        .where(
          inArray(
            autopayAttempts.enrolmentId,
            rows.map((row) => row.enrolment.id),
          ),
        )
    : [];
  const isDone = (enrolmentId: string, period: string, step: 'reminder' | 'charge') =>
    done.some((row) => row.enrolmentId === enrolmentId && row.period === period && row.step === step);
  const actions: AutopayAction[] = [];
  for (const { owns, ...enrolled } of rows) {
    const { enrolment, method, unitLabel } = enrolled;
    const about = (summary: string) => ({ ...enrolled, summary: `Unit ${unitLabel}: ${summary}` });
    const end = (summary: string, reason: string) => actions.push({ ...about(summary), kind: 'end', reason });
    if (!owns) {
      end(
        'the ownership has ended; autopay stops',
        `The ownership of unit ${unitLabel} ended: autopay stopped.`,
      );
      continue;
    }
    if (method.removedAt || method.status !== 'active') {
      end(
        `${methodName(method)} can no longer be used; autopay stops`,
        `${methodName(method)} can no longer be used: autopay stopped. Save another method and set up autopay again.`,
      );
      continue;
    }
    if (cardExpired(method, day)) {
      end(
        `${methodName(method)} has expired; autopay stops`,
        `${methodName(method)} expired at the end of ${String(method.expMonth).padStart(2, '0')}/${method.expYear}: autopay stopped. Save a current card and set up autopay again.`,
      );
      continue;
    }
    const chargeOn = chargeDateIn(day, enrolment.chargeDay);
    if (day >= chargeOn && enrolment.startedOn <= chargeOn && !isDone(enrolment.id, month(day), 'charge')) {
      const balanceCents = await unitBalanceOf(db, enrolment.unitId);
      if (balanceCents <= 0)
        actions.push({ ...about('nothing is owed; nothing charged'), kind: 'nothing_due', balanceCents });
      else if (balanceCents > enrolment.maxCents)
        actions.push({
          ...about(
            `the balance ${formatMoney(balanceCents)} is above the owner's maximum ${formatMoney(enrolment.maxCents)}; not charged`,
          ),
          kind: 'over_max',
          balanceCents,
        });
      else
        actions.push({
          ...about(`charge ${formatMoney(balanceCents)} to ${methodName(method)}`),
          kind: 'charge',
          balanceCents,
        });
      continue;
    }
    const next = nextChargeOn(
      enrolment.chargeDay,
      day,
      new Set(isDone(enrolment.id, month(day), 'charge') ? [month(day)] : []),
    );
    if (addDays(day, autopayReminderDays) >= next && !isDone(enrolment.id, month(next), 'reminder'))
      actions.push({ ...about(`remind the owner of the charge on ${next}`), kind: 'remind', next });
  }
  return actions;
}

export type AutopayRunOutcome = { summary: string; actions: number; charges: number };

/**
 * Tonight's run, in the schedule's transaction: each action of the plan recorded once per enrolment and
 * month, people told, and each charge written as a pending payment with its job (`enqueueCharge`), which
 * asks the provider after the transaction commits.
 */
export async function runAutopay(
  db: Db,
  notifier: Notifier,
  propertyId: string,
  day: string,
  providerName: 'test' | 'stripe' | null,
  enqueueCharge: (db: Db, paymentId: string) => Promise<void>,
): Promise<AutopayRunOutcome> {
  const property = await requireProperty(db, propertyId, undefined);
  const actions = await planAutopay(db, propertyId, day);
  let charges = 0;
  for (const action of actions) {
    const { enrolment, method } = action;
    const link = `/resident-portal/billing?unit=${enrolment.unitId}`;
    const tellOwner = (
      kind: 'payment.problem' | 'autopay.reminder',
      title: string,
      body: string,
      key: string,
    ) =>
      notifier.notify(db, [enrolment.ownerId], {
        kind,
        propertyId,
        title,
        body,
        link,
        dedupeKey: `autopay:${enrolment.id}:${key}`,
      });
    const about = `${property.name}, unit ${action.unitLabel}.`;
    if (action.kind === 'end') {
      await endEnrolment(db, enrolment.id, day, action.reason);
      await tellOwner(
        'payment.problem',
        `Autopay stopped for unit ${action.unitLabel}`,
        `${about} ${action.reason}`,
        'ended',
      );
      continue;
    }
    if (action.kind === 'remind') {
      const { next } = action;
      const [made] = await db
        .insert(autopayAttempts)
        .values({ enrolmentId: enrolment.id, period: month(next), step: 'reminder', outcome: 'reminded' })
        .onConflictDoNothing()
        .returning({ id: autopayAttempts.id });
      if (!made) continue;
      const balance = await unitBalanceOf(db, enrolment.unitId);
      const owed =
        balance <= 0
          ? 'Nothing is owed today; if nothing is owed then, nothing is charged.'
          : balance > enrolment.maxCents
            ? `The balance today is ${formatMoney(balance)}, above your maximum of ${formatMoney(enrolment.maxCents)}: it will not be charged unless it is ${formatMoney(enrolment.maxCents)} or less by then, or you raise your maximum.`
            : `The balance today is ${formatMoney(balance)}.`;
      await tellOwner(
        'autopay.reminder',
        `Autopay charges unit ${action.unitLabel} on ${next}`,
        `${about} On ${next} autopay charges the balance of the unit, up to ${formatMoney(enrolment.maxCents)}, to ${methodName(method)}. ${owed}`,
        `reminder:${month(next)}`,
      );
      continue;
    }
    const balance = action.balanceCents;
    const attempt = {
      enrolmentId: enrolment.id,
      period: month(day),
      step: 'charge' as const,
      amountCents: balance,
    };
    if (action.kind === 'nothing_due') {
      await db
        .insert(autopayAttempts)
        .values({ ...attempt, outcome: 'nothing_due', reason: 'Nothing was owed' })
        .onConflictDoNothing();
      continue;
    }
    if (action.kind === 'over_max') {
      const reason = `The balance of ${formatMoney(balance)} was above the maximum of ${formatMoney(enrolment.maxCents)}`;
      const [made] = await db
        .insert(autopayAttempts)
        .values({ ...attempt, outcome: 'over_max', reason })
        .onConflictDoNothing()
        .returning({ id: autopayAttempts.id });
      if (!made) continue;
      await tellOwner(
        'payment.problem',
        `Autopay did not charge unit ${action.unitLabel}`,
        `${about} ${reason} you set, so nothing was charged on ${day}. Pay the balance from Billing, or raise your autopay maximum.`,
        `over-max:${month(day)}`,
      );
      await notifier.notify(db, await managersOf(db, propertyId), {
        kind: 'payment.problem',
        propertyId,
        title: `Autopay did not charge unit ${action.unitLabel}`,
        body: `${about} ${reason} its owner set for autopay, so nothing was charged on ${day}. The owner has been told.`,
        link: `/manager-portal/properties/${propertyId}/balances`,
        dedupeKey: `autopay:${enrolment.id}:over-max:${month(day)}:managers`,
      });
      continue;
    }
    if (!providerName) continue;
    await lockUnit(db, propertyId, enrolment.unitId);
    const [payment] = await db
      .insert(payments)
      .values({
        propertyId,
        unitId: enrolment.unitId,
        payerId: enrolment.ownerId,
        method: method.kind,
        provider: providerName,
        status: 'pending',
        amountCents: balance,
        receivedOn: day,
        memo: `Autopay ${month(day)}`,
        idempotencyKey: `autopay-${enrolment.id}-${month(day)}`,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!payment) continue;
    await db.insert(autopayAttempts).values({ ...attempt, outcome: 'pending', paymentId: payment.id });
    await enqueueCharge(db, payment.id);
    charges += 1;
  }
  const summary =
    actions.length === 0
      ? 'Nothing for autopay to do today.'
      : `${actions.length} autopay ${actions.length === 1 ? 'action' : 'actions'}, ${charges} ${charges === 1 ? 'charge' : 'charges'} started.`;
  return { summary, actions: actions.length, charges };
}

/**
 * The charge job: asks the provider to charge the saved method (outside any transaction: a network call;
 * the payment's key makes a retry charge once), then records its answer under the unit's lock — posted and
 * the receipt sent when it succeeded, failed with the owner and managers told, or pending until the
 * provider's webhook says.
 */
export async function chargeAutopayPayment(
  db: Db,
  notifier: Notifier,
  provider: PaymentProviderClient | null,
  paymentId: string,
): Promise<void> {
  const [row] = await db
    .select({ payment: payments, method: savedPaymentMethods, unitLabel: units.label })
    .from(autopayAttempts)
    .innerJoin(payments, eq(payments.id, autopayAttempts.paymentId))
    .innerJoin(autopayEnrolments, eq(autopayEnrolments.id, autopayAttempts.enrolmentId))
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, autopayEnrolments.methodId))
    .innerJoin(units, eq(units.id, payments.unitId))
    .where(eq(autopayAttempts.paymentId, paymentId));
  if (!row || row.payment.status !== 'pending' || row.payment.providerRef) return;
  const { payment, method } = row;
  if (!provider || provider.name !== payment.provider || !method.methodRef) {
    await db.transaction((tx) =>
      failCharge(tx, notifier, paymentId, 'Online payments are no longer set up for this association'),
    );
    return;
  }
  const answer = await provider.chargeSaved({
    paymentId,
    propertyId: payment.propertyId,
    unitId: payment.unitId,
    amountCents: payment.amountCents,
    method: payment.method === 'ach' ? 'ach' : 'card',
    idempotencyKey: payment.idempotencyKey!,
    customerRef: method.customerRef,
    methodRef: method.methodRef,
  });
  await db.transaction(async (tx) => {
    const property = await requireProperty(tx, payment.propertyId, undefined);
    await lockUnit(tx, payment.propertyId, payment.unitId);
    const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    // The provider's webhook may have come first and found it by its metadata.
    if (current!.status !== 'pending') return;
    if (!current!.providerRef)
      await tx.update(payments).set({ providerRef: answer.providerRef }).where(eq(payments.id, paymentId));
    if (answer.status === 'succeeded') {
      await settlePayment(tx, current!, property.jurisdiction, property.today, null);
      const [made] = await paymentsByIds(tx, [paymentId]);
      await notifier.notify(
        tx,
        [payment.payerId].filter((id): id is string => id !== null),
        receiptOf(made!, { id: payment.unitId, label: row.unitLabel, property }),
      );
    } else if (answer.status === 'failed')
      await failCharge(tx, notifier, paymentId, answer.failureReason ?? 'The payment was declined');
  });
}

async function failCharge(db: Db, notifier: Notifier, paymentId: string, reason: string) {
  const [payment] = await db
    .update(payments)
    .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  if (!payment) return;
  const property = await requireProperty(db, payment.propertyId, undefined);
  const [unit] = await db.select({ label: units.label }).from(units).where(eq(units.id, payment.unitId));
  const title = `Autopay payment not received: ${formatMoney(payment.amountCents)} for unit ${unit!.label}`;
  const body = `${property.name}, unit ${unit!.label}. ${reason.replace(/\.$/, '')}. Nothing was posted to the account.`;
  await notifier.notify(db, payment.payerId ? [payment.payerId] : [], {
    kind: 'payment.problem',
    propertyId: property.id,
    title,
    body: `${body} Pay from Billing, or check the card or account autopay uses.`,
    link: `/resident-portal/billing?unit=${payment.unitId}`,
    dedupeKey: `autopay-failed:${payment.id}`,
  });
  await notifier.notify(db, await managersOf(db, property.id), {
    kind: 'payment.problem',
    propertyId: property.id,
    title,
    body: `${body} The owner has been told.`,
    link: `/manager-portal/properties/${property.id}/balances`,
    dedupeKey: `autopay-failed:${payment.id}:managers`,
  });
}

/** An autopay charge whose job gave up asking the provider: the managers are told to check it there. */
export async function tellChargeStuck(db: Db, notifier: Notifier, paymentId: string) {
  await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.status !== 'pending' || payment.providerRef) return;
    const [unit] = await tx.select({ label: units.label }).from(units).where(eq(units.id, payment.unitId));
    await notifier.notify(tx, await managersOf(tx, payment.propertyId), {
      kind: 'payment.problem',
      propertyId: payment.propertyId,
      title: `Autopay charge not confirmed: ${formatMoney(payment.amountCents)} for unit ${unit!.label}`,
      body: `The payment processor could not be reached for the autopay charge of ${payment.receivedOn}. The payment stays pending: if the processor made it, its confirmation settles it; otherwise record the outcome with the owner. Check the processor's dashboard for the payment ${payment.id}.`,
      link: `/manager-portal/properties/${payment.propertyId}/balances`,
      dedupeKey: `autopay-stuck:${payment.id}`,
    });
  });
}
