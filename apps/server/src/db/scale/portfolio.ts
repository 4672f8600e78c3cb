import type { Random } from './random.ts';
import type { RowSink } from './sink.ts';
import { firstNames as seedFirstNames, lastNames as seedLastNames } from '../seed-units.ts';

/**
 * What the domain generators share (decision 0037): the run's options, the sink rows go to, a random
 * stream per domain, and the portfolio made so far — each domain reads what earlier ones made (people,
 * associations, units) and adds its own. A later issue's data (ledgers, violations, requests, bookings)
 * is one more domain at the end of `domains` in generate.ts.
 */

export type ScaleSizes = {
  associations: number;
  /** Mean units per association (a skewed spread: many small associations, a few large ones). */
  unitsPerAssociation: number;
  /** Work orders per unit over the whole history. */
  workOrdersPerUnit: number;
  /** Years of history. */
  years: number;
  /** Mean messages per work room. */
  messagesPerRoom: number;
  /** Share of residents who have talked to the assistant, and mean threads and messages of those. */
  assistantUsers: number;
  threadsPerUser: number;
  messagesPerThread: number;
  /** Documents per association (governing documents, monthly minutes and statements, policies). */
  documentsPerAssociation: number;
  /** In-app notifications per resident (the bell). */
  notificationsPerPerson: number;
  managers: number;
  vendors: number;
  admins: number;
};

export type Person = { id: string; email: string; fullName: string };

export type Member = { userId: string; unitId: string; kind: 'owner' | 'tenant' | 'family' };

export type Association = {
  index: number;
  id: string;
  name: string;
  slug: string;
  address: string;
  createdAt: Date;
  isCondo: boolean;
  units: { id: string; label: string }[];
  /** Today's owners and occupants, one row per person and unit. */
  members: Member[];
  boardMemberIds: string[];
  /** Managers, the primary one first. */
  managerIds: string[];
  /** The vendors who work for this association. */
  vendorIds: string[];
};

export type Portfolio = {
  admins: Person[];
  managers: Person[];
  vendors: Person[];
  associations: Association[];
};

export type GeneratorContext = {
  sizes: ScaleSizes;
  seed: number;
  /** Midnight UTC of the day the portfolio is made for: history runs back from here. */
  today: Date;
  sink: RowSink;
  /** The shared password hash of every generated account. */
  passwordHash: string;
  portfolio: Portfolio;
  random: (domain: string) => Random;
  log: (event: Record<string, unknown>) => void;
};

export type DomainGenerator = { name: string; run: (context: GeneratorContext) => Promise<void> };

export const dayMs = 24 * 60 * 60 * 1000;
export const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

const firstNames = [
  ...seedFirstNames,
  'Priya',
  'Arjun',
  'Yuki',
  'Kenji',
  'Sofia',
  'Carlos',
  'Ana',
  'David',
  'Sarah',
  'Michael',
  'Laura',
  'Ahmed',
];
const lastNames = [
  ...seedLastNames,
  'Patel',
  'Okafor',
  'Cohen',
  'Rossi',
  'Novak',
  'Silva',
  'Haddad',
  'Kowalski',
  'Murphy',
];

export function nameFor(random: Random): string {
  return `${random.pick(firstNames)} ${random.pick(lastNames)}`;
}

/** Adds a person who can sign in: a profile, and a credential account with the shared password hash. */
export async function addPerson(
  context: GeneratorContext,
  person: Person & { role: string; createdAt: Date },
): Promise<Person> {
  const { sink } = context;
  await sink.add('profiles', [
    person.id,
    person.email,
    person.fullName,
    true,
    person.role,
    person.createdAt,
    person.createdAt,
  ]);
  await sink.add('accounts', [
    person.id,
    person.id,
    'credential',
    person.id,
    context.passwordHash,
    person.createdAt,
    person.createdAt,
  ]);
  return { id: person.id, email: person.email, fullName: person.fullName };
}

/** A moment between two instants, from the stream. */
export const between = (random: Random, start: Date, end: Date) =>
  new Date(start.getTime() + Math.floor(random.next() * Math.max(0, end.getTime() - start.getTime())));
