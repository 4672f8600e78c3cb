import type { Amenity, AmenityHours, AmenityInput, AmenityLimit } from '@commonwise/contracts';
import { centsFromDollars, dollarsTextOf } from '../finance/api.ts';

/**
 * An amenity's rules as the managers' form holds them, and back: hours of lead time and of free
 * cancellation (the server keeps minutes), dollars as typed (the server keeps cents), opening times as
 * time fields show them ("00:00" closing is midnight, the end of the day: the server's "24:00"). The
 * server's field errors (paths such as `hours.3.opens`) land on the field that caused them.
 */

export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface RulesForm {
  name: string;
  kind: AmenityInput['kind'];
  description: string;
  timeZone: string | undefined;
  capacityMode: AmenityInput['capacityMode'];
  capacity: number | string;
  slotMinutes: number | string;
  minMinutes: number | string;
  maxMinutes: number | string;
  leadHours: number | string;
  advanceDays: number | string;
  holdMinutes: number;
  approvalRequired: boolean;
  fee: string;
  deposit: string;
  lateFee: string;
  cancelFreeHours: number | string;
  eligibleKinds: AmenityInput['eligibleKinds'];
  blockDelinquent: boolean;
  active: boolean;
  /** In the order they are sent, so the server's `hours.N` names the same period. */
  hours: AmenityHours[];
  /** One opening and closing time for every day of the week. */
  isSameEveryDay: boolean;
  monthlyLimit: number | string;
  /** Limits the form does not show (per person, per week…), kept as they are. */
  otherLimits: AmenityLimit[];
}

export type RulesErrors = Partial<Record<string, string>>;

const everyDay = (opens: string, closes: string): AmenityHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));

const isMonthlyPerUnit = (limit: AmenityLimit) => limit.per === 'unit' && limit.period === 'month';

/** Whether the hours are one period a day, the same every day of the week. */
export function isSameEveryDay(hours: AmenityHours[]): boolean {
  const first = hours[0];
  return (
    hours.length === 7 &&
    new Set(hours.map((item) => item.weekday)).size === 7 &&
    hours.every((item) => item.opens === first?.opens && item.closes === first.closes)
  );
}

/** "24:00" (midnight, closing) as a time field shows it. */
const clockField = (time: string) => (time === '24:00' ? '00:00' : time);

export function formOf(amenity: Amenity | null): RulesForm {
  const hours = (amenity?.hours ?? everyDay('08:00', '20:00')).map((item) => ({
    weekday: item.weekday,
    opens: item.opens,
    closes: clockField(item.closes),
  }));
  const limits = amenity?.limits ?? [];
  return {
    name: amenity?.name ?? '',
    kind: amenity?.kind ?? 'clubhouse',
    description: amenity?.description ?? '',
    timeZone: amenity?.timeZone,
    capacityMode: amenity?.capacityMode ?? 'exclusive',
    capacity: amenity?.capacity ?? 1,
    slotMinutes: amenity?.slotMinutes ?? 60,
    minMinutes: amenity?.minMinutes ?? 60,
    maxMinutes: amenity?.maxMinutes ?? 120,
    leadHours: (amenity?.leadMinutes ?? 0) / 60,
    advanceDays: amenity?.advanceDays ?? 30,
    holdMinutes: amenity?.holdMinutes ?? 15,
    approvalRequired: amenity?.approvalRequired ?? false,
    fee: dollarsTextOf(amenity?.feeCents ?? 0),
    deposit: dollarsTextOf(amenity?.depositCents ?? 0),
    lateFee: dollarsTextOf(amenity?.lateCancelFeeCents ?? 0),
    cancelFreeHours: (amenity?.cancelFreeUntilMinutes ?? 0) / 60,
    eligibleKinds: amenity?.eligibleKinds ?? ['owner', 'owner_occupant', 'tenant'],
    blockDelinquent: amenity?.blockDelinquent ?? false,
    active: amenity?.active ?? true,
    hours,
    isSameEveryDay: isSameEveryDay(hours),
    monthlyLimit: limits.find(isMonthlyPerUnit)?.max ?? 0,
    otherLimits: limits.filter((limit) => !isMonthlyPerUnit(limit)),
  };
}

/** Every day the same hours: the first period's, or the ones given. */
export function sameHoursFor(hours: AmenityHours[], times?: { opens?: string; closes?: string }) {
  const first = hours[0] ?? { opens: '08:00', closes: '20:00' };
  return everyDay(times?.opens ?? first.opens, times?.closes ?? first.closes);
}

/** Dollars as typed, in cents: blank or zero is 0; null when it is not an amount. */
function centsOf(text: string): number | null {
  if (/^\s*\$?\s*0*(\.0{0,2})?\s*$/.test(text)) return 0;
  return centsFromDollars(text);
}

const minuteOfDay = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

const numberOf = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/** Where an opening period's error shows: its own fields, or the every-day fields. */
const hoursKey = (form: RulesForm, index: number, part: 'opens' | 'closes') =>
  form.isSameEveryDay ? (part === 'opens' ? 'sameOpens' : 'sameCloses') : `hours.${index}.${part}`;

/** The input to send, or the fields to correct first (what the form can tell without asking). */
export function inputOf(form: RulesForm): { input: AmenityInput } | { errors: RulesErrors } {
  const errors: RulesErrors = {};
  if (form.name.trim() === '') errors.name = 'Give the amenity a name';
  const money = { fee: centsOf(form.fee), deposit: centsOf(form.deposit), lateFee: centsOf(form.lateFee) };
  for (const [key, cents] of Object.entries(money))
    if (cents === null) errors[key] = 'Enter an amount in dollars, such as 50 or 12.50';
  const numbers = {
    capacity: form.capacityMode === 'exclusive' ? 1 : numberOf(form.capacity),
    slotMinutes: numberOf(form.slotMinutes),
    minMinutes: numberOf(form.minMinutes),
    maxMinutes: numberOf(form.maxMinutes),
    advanceDays: numberOf(form.advanceDays),
  };
  for (const [key, value] of Object.entries(numbers))
    if (!Number.isInteger(value)) errors[key] = 'Enter a whole number';
  const hoursFields = {
    leadHours: numberOf(form.leadHours),
    cancelFreeHours: numberOf(form.cancelFreeHours),
  };
  for (const [key, value] of Object.entries(hoursFields)) {
    if (!Number.isFinite(value) || value < 0) errors[key] = 'Enter a number of hours';
    else if (value > 720) errors[key] = 'At most 720 hours (30 days)';
  }
  const monthlyLimit = form.monthlyLimit === '' ? 0 : numberOf(form.monthlyLimit);
  if (!Number.isInteger(monthlyLimit) || monthlyLimit < 0)
    errors.limits = 'Enter a whole number (0: no limit)';
  else if (monthlyLimit > 100) errors.limits = 'At most 100 a month';
  const hours = form.hours.map((item) => ({
    ...item,
    closes: item.closes === '00:00' ? '24:00' : item.closes,
  }));
  if (hours.length === 0) errors.hours = 'Open it on at least one day';
  hours.forEach((item, index) => {
    if (!item.opens) errors[hoursKey(form, index, 'opens')] = 'Give the opening time';
    if (!item.closes) errors[hoursKey(form, index, 'closes')] = 'Give the closing time';
    else if (item.opens && minuteOfDay(item.closes) <= minuteOfDay(item.opens))
      errors[hoursKey(form, index, 'closes')] = 'It must close after it opens';
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      name: form.name.trim(),
      kind: form.kind,
      description: form.description.trim(),
      ...(form.timeZone ? { timeZone: form.timeZone } : {}),
      capacityMode: form.capacityMode,
      capacity: numbers.capacity,
      slotMinutes: numbers.slotMinutes,
      minMinutes: numbers.minMinutes,
      maxMinutes: numbers.maxMinutes,
      leadMinutes: Math.round(numberOf(form.leadHours) * 60),
      advanceDays: numbers.advanceDays,
      holdMinutes: form.holdMinutes,
      approvalRequired: form.approvalRequired,
      feeCents: money.fee!,
      depositCents: money.deposit!,
      cancelFreeUntilMinutes: Math.round(numberOf(form.cancelFreeHours) * 60),
      lateCancelFeeCents: money.lateFee!,
      eligibleKinds: form.eligibleKinds,
      blockDelinquent: form.blockDelinquent,
      active: form.active,
      hours,
      limits: [
        ...form.otherLimits,
        ...(monthlyLimit > 0 ? [{ per: 'unit' as const, period: 'month' as const, max: monthlyLimit }] : []),
      ],
    },
  };
}

/** The form's names for the server's fields (the rest are the same). */
const formKeys: Record<string, string> = {
  leadMinutes: 'leadHours',
  cancelFreeUntilMinutes: 'cancelFreeHours',
  feeCents: 'fee',
  depositCents: 'deposit',
  lateCancelFeeCents: 'lateFee',
};

/**
 * The server's field errors on the form's fields: `hours.3.opens` on that period's Opens (or the
 * every-day one), `hours.3` (it closes before it opens) on its Closes, `limits.0.max` on the limit.
 */
export function errorsFromServer(fields: Record<string, string>, form: RulesForm): RulesErrors {
  const errors: RulesErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head = '', index, part] = path.split('.');
    let key: string;
    if (head === 'hours' && index !== undefined && /^\d+$/.test(index))
      key = hoursKey(form, Number(index), part === 'opens' ? 'opens' : 'closes');
    else if (head === 'limits') key = 'limits';
    else key = formKeys[head] ?? head;
    errors[key] ??= message;
  }
  return errors;
}

const fieldLabels: Record<string, string> = {
  name: 'Name',
  kind: 'Kind',
  description: 'Description',
  timeZone: 'Time zone',
  capacityMode: 'Use',
  capacity: 'Capacity',
  slotMinutes: 'Slot',
  minMinutes: 'Shortest booking',
  maxMinutes: 'Longest booking',
  leadHours: 'Book at least (hours ahead)',
  advanceDays: 'Book at most',
  holdMinutes: 'Time to pay',
  fee: 'Fee',
  deposit: 'Refundable deposit',
  lateFee: 'Late-cancellation fee',
  cancelFreeHours: 'Free cancellation until (hours before)',
  eligibleKinds: 'Who may book',
  blockDelinquent: 'Suspending delinquent units',
  active: 'Taking bookings',
  approvalRequired: 'Approval',
  hours: 'Opening hours',
  sameOpens: 'Opens',
  sameCloses: 'Closes',
  limits: 'Bookings per unit per month',
};

/** A field's name in the summary above the form: "Opens on Tuesday" for a period's field. */
export function labelOfField(key: string, form: RulesForm): string {
  const period = /^hours\.(\d+)\.(opens|closes)$/.exec(key);
  if (period) {
    const weekday = form.hours[Number(period[1])]?.weekday;
    const day = weekday ? weekdayNames[weekday - 1] : 'one day';
    return `${period[2] === 'opens' ? 'Opens' : 'Closes'} on ${day}`;
  }
  return fieldLabels[key] ?? key;
}
