import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  inspections,
  letterRecipients,
  profiles,
  properties,
  propertyDocuments,
  unitPositions,
  units,
  violationEvents,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/access.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { approveLetter, sendLetter, submitLetter } from '../letters/letters.service.ts';
import type { Notifier } from '../notifications/notify.ts';
import { draftNotice, installDefaultEnforcement } from './enforcement.service.ts';
import { addDemoFenceChecks } from '../../db/seed-arc.ts';
import { readDemoDocument } from '../documents/demo-documents.ts';
import { structureDocument } from '../documents/structure.ts';
import { excerptKeyOf, suggestRulesFrom, type RuleSuggestion } from './rule-suggestions.ts';

/**
 * Willow Creek's enforcement as the demo shows it (issue 21): seven rules its manager confirmed from the
 * CC&Rs and the Rules and Regulations (read by the same code as "Read documents for rules"), one
 * inspection three weeks ago, and four violations from it — two open (one past its cure date), one cured,
 * one dismissed — each with a photo drawn here (no real home is shown). Added once, with the demo
 * documents, after the server listens.
 */

const day = 24 * 60 * 60 * 1000;

type DemoRule = {
  document: 'Declaration of CC&Rs' | 'Rules and Regulations';
  source: 'willow-creek-ccrs' | 'willow-creek-rules';
  /** How the clause begins, to find it among the suggestions. */
  startsWith: string;
  title: string;
  cureDays: number | null;
  finesCents: number[];
};

const demoRules: DemoRule[] = [
  {
    document: 'Declaration of CC&Rs',
    source: 'willow-creek-ccrs',
    startsWith: 'Except on collection days, containers shall be stored',
    title: 'Trash containers out of sight',
    cureDays: 7,
    finesCents: [2500, 5000],
  },
  {
    document: 'Declaration of CC&Rs',
    source: 'willow-creek-ccrs',
    startsWith: 'No boat, trailer, camper',
    title: 'Boats, trailers and RVs',
    cureDays: 14,
    finesCents: [5000, 10000],
  },
  {
    document: 'Declaration of CC&Rs',
    source: 'willow-creek-ccrs',
    startsWith: '(a) Winter holiday lights',
    title: 'Winter holiday decorations',
    cureDays: 10,
    finesCents: [2500],
  },
  {
    document: 'Declaration of CC&Rs',
    source: 'willow-creek-ccrs',
    startsWith: '(a) Front doors shall not be painted',
    title: 'Front door colors',
    cureDays: 30,
    finesCents: [5000, 10000],
  },
  {
    document: 'Declaration of CC&Rs',
    source: 'willow-creek-ccrs',
    startsWith: "Each Owner shall keep the landscaping in the Owner's Rear Yard",
    title: 'Rear yard landscaping',
    cureDays: 21,
    finesCents: [2500, 5000],
  },
  {
    document: 'Declaration of CC&Rs',
    source: 'willow-creek-ccrs',
    startsWith: 'No fence or wall in a Rear Yard shall exceed',
    title: 'Fence height and materials',
    cureDays: 30,
    finesCents: [5000, 10000],
  },
  {
    document: 'Rules and Regulations',
    source: 'willow-creek-rules',
    startsWith: 'Pets must be leashed in the Common Area',
    title: 'Pets on a leash',
    cureDays: null,
    finesCents: [2500, 5000],
  },
];

/** What the inspector saw, drawn: a wall, a door, and the thing in question. */
function drawing(scene: 'bins' | 'boat' | 'lights' | 'door'): string {
  const things: Record<typeof scene, string> = {
    bins: `<rect x="700" y="420" width="140" height="260" rx="12" fill="#2f6b3a"/><rect x="690" y="400" width="160" height="30" rx="8" fill="#24552e"/>
      <rect x="870" y="440" width="130" height="240" rx="12" fill="#3a4a8c"/><rect x="860" y="420" width="150" height="28" rx="8" fill="#2c3a70"/>`,
    boat: `<rect x="520" y="560" width="520" height="22" fill="#555"/><circle cx="620" cy="610" r="34" fill="#222"/><circle cx="940" cy="610" r="34" fill="#222"/>
      <path d="M540 560 L1020 560 L960 460 L600 460 Z" fill="#f4f4f4" stroke="#9aa" stroke-width="6"/><rect x="740" y="380" width="90" height="80" fill="#dde"/>`,
    lights: `<path d="M160 200 Q 450 260 760 200 T 1120 200" stroke="#333" stroke-width="4" fill="none"/>
      ${Array.from({ length: 14 }, (_, n) => `<circle cx="${180 + n * 68}" cy="${225 + (n % 2) * 12}" r="13" fill="${['#e33', '#3c3', '#fc3', '#39f'][n % 4]}"/>`).join('')}`,
    door: `<rect x="480" y="300" width="240" height="420" fill="#e2e22a" stroke="#6b5" stroke-width="8"/><circle cx="690" cy="520" r="12" fill="#444"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
    <rect width="1280" height="960" fill="#bcd7ef"/><rect y="720" width="1280" height="240" fill="#8a8f86"/>
    <rect x="120" y="160" width="1040" height="560" fill="#d8c8a8"/><path d="M80 170 L640 40 L1200 170 Z" fill="#7a4b36"/>
    <rect x="200" y="300" width="200" height="160" fill="#9fc3e0" stroke="#fff" stroke-width="10"/>
    ${things[scene]}</svg>`;
}

async function photoOf(scene: Parameters<typeof drawing>[0]) {
  const full = await sharp(Buffer.from(drawing(scene)))
    .jpeg({ quality: 80 })
    .toBuffer();
  const thumbnail = await sharp(full).resize({ width: 320 }).jpeg({ quality: 75 }).toBuffer();
  return { full, thumbnail };
}

async function clauseOf(rule: DemoRule): Promise<RuleSuggestion> {
  const pages = await readDemoDocument(rule.source);
  const sections = structureDocument(pages.map((text, index) => ({ page: index + 1, text })));
  const found = suggestRulesFrom(sections).find((suggestion) =>
    suggestion.excerpt.startsWith(rule.startsWith),
  );
  if (!found) throw new Error(`The demo rule "${rule.title}" is no longer in ${rule.source}`);
  return found;
}

async function hasRules(db: Db, propertyId: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: violationRules.id })
    .from(violationRules)
    .where(eq(violationRules.propertyId, propertyId))
    .limit(1);
  return existing !== undefined;
}

async function actorOf(db: Db, email: string): Promise<Actor> {
  const [person] = await db.select().from(profiles).where(eq(profiles.email, email));
  return {
    id: person!.id,
    email: person!.email,
    fullName: person!.fullName,
    role: person!.role as Actor['role'],
    twoFactorEnabled: false,
  };
}

/**
 * The demo's notices, made by the product's own services: Willow Creek set up with the default stages
 * and letters; 14B's courtesy notice approved by the admin and sent by certified mail (Texas asks for
 * it; the tracking number is the demo's own), so its owner (resident@) sees it in the portal. 6A's
 * overdue violation has no notice yet: the manager drafts it.
 */
async function demoNotices(
  tx: Db,
  deps: { storage: FileStorage; notifier: Notifier },
  propertyId: string,
  violationIds: Record<string, string>,
  wrote: (key: string) => void,
) {
  const manager = { db: tx, actor: await actorOf(tx, 'manager@commonwise.test'), notifier: deps.notifier };
  const admin = { ...manager, actor: await actorOf(tx, 'admin@commonwise.test') };
  await installDefaultEnforcement(manager, propertyId);
  const draft = async (unit: string) => {
    const state = await draftNotice({ ...manager, storage: deps.storage }, violationIds[unit]!, { stage: 1 });
    const letterId = state.notices[0]!.letterId;
    wrote(`letters/${propertyId}/${letterId}.pdf`);
    await submitLetter(manager, propertyId, letterId);
    return letterId;
  };
  const sent = await draft('14B');
  await approveLetter(admin, propertyId, sent);
  const [recipient] = await tx
    .select({ userId: letterRecipients.userId })
    .from(letterRecipients)
    .where(eq(letterRecipients.letterId, sent));
  await sendLetter(manager, propertyId, sent, {
    deliveries: [
      { recipientId: recipient!.userId, method: 'certified', trackingNumber: '9407 1118 9956 2231 4455 67' },
    ],
    acknowledgeUnknownRules: true,
  });
}

/** Adds Willow Creek's demo enforcement once; false when it is already there (or not yet possible). */
export async function seedDemoEnforcement(deps: {
  db: Db;
  storage: FileStorage;
  notifier: Notifier;
}): Promise<boolean> {
  const { db } = deps;
  const [willow] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  if (!willow) return false;
  // Checked before the clauses are read and the photos drawn, so a restart does none of that work.
  if (await hasRules(db, willow.id)) return false;
  const clauses = await Promise.all(demoRules.map(clauseOf));
  const photos = {
    bins: await photoOf('bins'),
    boat: await photoOf('boat'),
    lights: await photoOf('lights'),
    door: await photoOf('door'),
  };
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      // The demo documents' lock (demo-documents.ts): two servers starting at once add this once.
      await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
      if (await hasRules(tx, willow.id)) return false;
      const documents = await tx
        .select({ id: propertyDocuments.id, name: propertyDocuments.name })
        .from(propertyDocuments)
        .where(
          and(
            eq(propertyDocuments.propertyId, willow.id),
            inArray(propertyDocuments.name, ['Declaration of CC&Rs', 'Rules and Regulations']),
          ),
        );
      if (documents.length < 2) return false;
      const [manager] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.email, 'manager@commonwise.test'));
      const managerId = manager?.id ?? null;
      const confirmedAt = new Date(Date.now() - 30 * day);
      const ruleIds: string[] = [];
      for (const [index, rule] of demoRules.entries()) {
        const clause = clauses[index]!;
        const [row] = await tx
          .insert(violationRules)
          .values({
            propertyId: willow.id,
            status: 'confirmed',
            title: rule.title,
            category: clause.category,
            documentId: documents.find((document) => document.name === rule.document)!.id,
            sectionNumber: clause.sectionNumber,
            sectionTitle: clause.sectionTitle,
            page: clause.page,
            excerpt: clause.excerpt,
            excerptKey: excerptKeyOf(clause.excerpt),
            curable: rule.cureDays !== null,
            healthSafety: clause.healthSafety,
            defaultCureDays: rule.cureDays,
            fineScheduleCents: rule.finesCents,
            suggestedAt: confirmedAt,
            confirmedAt,
            confirmedBy: managerId,
          })
          .returning({ id: violationRules.id });
        ruleIds.push(row!.id);
      }
      // The architectural review's fence checks rest on the fence clause, now that it is a rule in use.
      await addDemoFenceChecks(
        tx,
        willow.id,
        ruleIds[demoRules.findIndex((rule) => rule.title === 'Fence height and materials')]!,
      );
      const unitRows = await tx
        .select({ id: units.id, label: units.label })
        .from(units)
        .where(and(eq(units.propertyId, willow.id), inArray(units.label, ['14B', '6A', '12B', '19A'])));
      const unitOf = (label: string) => unitRows.find((unit) => unit.label === label)!.id;
      // Two drives, each at 9:30 in the morning in Austin (15:30 UTC in winter): one three weeks ago,
      // whose cases are overdue or closed by now, and one three days ago.
      const morningOf = (daysAgo: number) =>
        new Date(`${new Date(Date.now() - daysAgo * day).toISOString().slice(0, 10)}T15:30:00Z`);
      const drive = async (startedAt: Date) => {
        const [row] = await tx
          .insert(inspections)
          .values({
            propertyId: willow.id,
            inspectorId: managerId,
            startedAt,
            endedAt: new Date(startedAt.getTime() + 75 * 60_000),
          })
          .returning({ id: inspections.id });
        return { id: row!.id, at: (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000) };
      };
      const earlier = await drive(morningOf(20));
      const recent = await drive(morningOf(3));
      const dayOf = (at: Date, days: number) =>
        new Date(at.getTime() + days * day).toISOString().slice(0, 10);
      // Where each unit is (a few metres apart along Willow Creek Drive), learned from these drives.
      const placeOf = (unit: string) => {
        const number = Number.parseInt(unit, 10);
        return {
          latitude: 30.2504 + number * 0.00018,
          longitude: -97.7499 + (unit.endsWith('B') ? 0.00012 : 0),
        };
      };
      const cases = [
        {
          unit: '14B',
          rule: 0,
          scene: 'bins' as const,
          drive: recent,
          at: recent.at(10),
          note: 'Both carts at the curb on a Tuesday, two days after collection.',
          outcome: null,
        },
        {
          unit: '6A',
          rule: 1,
          scene: 'boat' as const,
          drive: earlier,
          at: earlier.at(25),
          note: 'Boat on a trailer in the driveway, not in the garage.',
          outcome: null,
        },
        {
          unit: '12B',
          rule: 2,
          scene: 'lights' as const,
          drive: earlier,
          at: earlier.at(40),
          note: 'Holiday lights still up.',
          outcome: {
            kind: 'cured' as const,
            after: 9,
            note: 'Lights taken down; seen on the re-inspection.',
          },
        },
        {
          unit: '19A',
          rule: 3,
          scene: 'door' as const,
          drive: earlier,
          at: earlier.at(55),
          note: 'Front door looks yellow from the street.',
          outcome: {
            kind: 'dismissed' as const,
            after: 3,
            note: 'The owner showed the paint: Natural Oak stain, on the approved palette. The light made it look yellow.',
          },
        },
      ];
      const violationIds: Record<string, string> = {};
      await tx
        .insert(unitPositions)
        .values(cases.map((item) => ({ unitId: unitOf(item.unit), ...placeOf(item.unit) })));
      for (const item of cases) {
        const rule = demoRules[item.rule]!;
        const closedAt = item.outcome ? new Date(item.at.getTime() + item.outcome.after * day) : null;
        const [violation] = await tx
          .insert(violations)
          .values({
            propertyId: willow.id,
            unitId: unitOf(item.unit),
            ruleId: ruleIds[item.rule]!,
            inspectionId: item.drive.id,
            source: 'inspection',
            status: item.outcome?.kind ?? 'open',
            observedAt: item.at,
            cureDueOn: rule.cureDays === null ? null : dayOf(item.at, rule.cureDays),
            createdBy: managerId,
            createdAt: item.at,
            closedAt,
          })
          .returning({ id: violations.id });
        const [event] = await tx
          .insert(violationEvents)
          .values({
            violationId: violation!.id,
            kind: 'observed',
            actorId: managerId,
            inspectionId: item.drive.id,
            note: item.note,
            at: item.at,
          })
          .returning({ id: violationEvents.id });
        if (item.outcome)
          await tx.insert(violationEvents).values({
            violationId: violation!.id,
            kind: item.outcome.kind,
            actorId: managerId,
            note: item.outcome.note,
            at: closedAt!,
          });
        violationIds[item.unit] = violation!.id;
        const id = randomUUID();
        const folder = `attachments/${willow.id}/${id}`;
        const photo = photos[item.scene];
        await deps.storage.put(`${folder}/inspection.jpg`, Readable.from([photo.full]), 'image/jpeg');
        written.push(`${folder}/inspection.jpg`);
        await deps.storage.put(`${folder}/thumbnail.jpg`, Readable.from([photo.thumbnail]), 'image/jpeg');
        written.push(`${folder}/thumbnail.jpg`);
        await tx.insert(attachments).values({
          id,
          propertyId: willow.id,
          uploadedBy: managerId,
          kind: 'image',
          fileName: `${item.unit}-${item.scene}.jpg`,
          mimeType: 'image/jpeg',
          sizeBytes: photo.full.length,
          filePath: `${folder}/inspection.jpg`,
          thumbnailPath: `${folder}/thumbnail.jpg`,
          width: 1280,
          height: 960,
          inspectionId: item.drive.id,
          violationEventId: event!.id,
          takenAt: item.at,
          ...placeOf(item.unit),
          createdAt: item.at,
        });
      }
      await demoNotices(tx, deps, willow.id, violationIds, (key) => written.push(key));
      return true;
    });
  } catch (error) {
    for (const key of written) await deps.storage.remove(key).catch(() => {});
    throw error;
  }
}
