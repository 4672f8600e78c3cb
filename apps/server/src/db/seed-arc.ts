import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Db } from './client.ts';
import {
  arcFiles,
  arcMessages,
  arcProjectTypes,
  arcRequestRevisions,
  arcRequests,
  committees,
  decisionItems,
  properties,
  unitOwnerships,
  units,
} from './schema/index.ts';
import type { ArcCheck } from '@commonwise/contracts';
import type { ArcTypeSnapshot } from './schema/arc.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { missingOf } from '../modules/arc/answers.ts';
import { insertDefaultProjectTypes } from '../modules/arc/project-types.service.ts';
import { decisionDueOf, reviewWindowOf } from '../modules/arc/review-window.ts';
import { arcDecisionOptions, openDecisionItem } from '../modules/decisions/open-item.ts';
import { localClock } from '../modules/notifications/zoned-time.ts';

const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);

/**
 * Willow Creek's architectural review for the demo (issue 22): the default project types, the Fence
 * type's review window from the Declaration of CC&Rs (§5.3(a): "within forty-five (45) days after
 * receiving it" — the demo documents' own clause, so the number is not made up), and two fence
 * requests:
 * - Ryan Chen's (14B), sent three days ago, incomplete: the site drawing is in, the contractor's quote
 *   is missing;
 * - Beatrice Hall's (7A), complete twelve days ago and under review, its decision due 45 days after,
 *   before the Architectural Review Committee as a decision item.
 * The other types keep no window: §5.3(a) speaks of every application, and §5.7 of solar ones, for a
 * person to set. The Fence type's checks come with the demo's rules (`addDemoFenceChecks`), which are
 * added once the demo documents are read.
 * - 11B's, approved with conditions at the committee's meeting three weeks ago.
 *
 * Inside the caller's transaction; relative to today. Nothing is done when Willow Creek already has
 * project types. The files are stored first: a rolled-back seed leaves files the orphan sweep removes.
 */
export async function seedDemoArc(
  tx: Db,
  storage: FileStorage,
  willowCreekId: string,
  people: { resident: string; board: string; manager: string },
): Promise<void> {
  const [types] = await tx
    .select({ count: count() })
    .from(arcProjectTypes)
    .where(eq(arcProjectTypes.propertyId, willowCreekId));
  if (types!.count > 0) return;
  await insertDefaultProjectTypes(tx, willowCreekId);
  const [fence] = await tx
    .update(arcProjectTypes)
    .set({ reviewDays: 45, reviewDaysSource: 'Declaration of CC&Rs §5.3(a)' })
    .where(and(eq(arcProjectTypes.propertyId, willowCreekId), eq(arcProjectTypes.kind, 'fence')))
    .returning();
  const [property] = await tx
    .select({ jurisdiction: properties.jurisdiction, timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, willowCreekId));
  const unitOf = async (label: string) =>
    (
      await tx
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.propertyId, willowCreekId), eq(units.label, label)))
    )[0]?.id;
  const snapshot: ArcTypeSnapshot = {
    kind: fence!.kind,
    name: fence!.name,
    fields: fence!.fields,
    files: fence!.files,
    checks: fence!.checks,
    feeCents: fence!.feeCents,
    reviewDays: fence!.reviewDays,
    reviewDaysSource: fence!.reviewDaysSource,
  };

  const request = async (input: {
    unit: string;
    applicantId: string;
    title: string;
    description: string;
    answers: Record<string, string | number>;
    files: { requirement: string; fileName: string; lines: string[] }[];
    submittedDaysAgo: number;
    completeDaysAgo?: number;
  }) => {
    const unitId = await unitOf(input.unit);
    if (!unitId) return null;
    const submittedAt = daysAgo(input.submittedDaysAgo);
    const missing = missingOf(
      snapshot,
      input.answers,
      input.files.map((file) => file.requirement),
    );
    const completeAt = input.completeDaysAgo === undefined ? null : daysAgo(input.completeDaysAgo);
    const window = reviewWindowOf(property!.jurisdiction, snapshot);
    const dueOn = completeAt ? decisionDueOf(window, localClock(completeAt, property!.timeZone).date) : null;
    const [row] = await tx
      .insert(arcRequests)
      .values({
        propertyId: willowCreekId,
        unitId,
        applicantId: input.applicantId,
        projectTypeId: fence!.id,
        typeSnapshot: snapshot,
        title: input.title,
        description: input.description,
        answers: input.answers,
        status: completeAt ? 'under_review' : 'incomplete',
        missing,
        submittedAt,
        completeAt,
        decisionDueOn: dueOn,
        dueSource: completeAt ? window.source : null,
        createdAt: submittedAt,
        updatedAt: completeAt ?? submittedAt,
      })
      .returning({ id: arcRequests.id });
    await tx.insert(arcRequestRevisions).values({
      requestId: row!.id,
      revision: 1,
      title: input.title,
      description: input.description,
      answers: input.answers,
      note: 'Submitted',
      createdBy: input.applicantId,
      createdAt: submittedAt,
    });
    for (const [index, file] of input.files.entries()) {
      const bytes = await pdfOf(file.lines);
      const filePath = `arc/${willowCreekId}/${row!.id}/${randomUUID()}-${file.fileName}`;
      await storage.put(filePath, Readable.from([bytes]), 'application/pdf');
      await tx.insert(arcFiles).values({
        requestId: row!.id,
        requirement: file.requirement,
        revision: 1,
        fileName: file.fileName,
        mimeType: 'application/pdf',
        sizeBytes: bytes.length,
        filePath,
        pages: [file.lines.join('\n')],
        uploadedBy: input.applicantId,
        createdAt: new Date(submittedAt.getTime() + (index + 1) * 60_000),
      });
    }
    return { id: row!.id, completeAt, dueOn, source: window.source };
  };

  await request({
    unit: '14B',
    applicantId: people.resident,
    title: 'Cedar privacy fence along the back',
    description: 'Replacing the old fence along the back and the north side with a cedar privacy fence.',
    answers: {
      height: 72,
      length: 48,
      material: 'Wood',
      colour: 'Natural cedar, clear sealant',
      location: 'Rear yard, along the back and north side',
    },
    files: [
      {
        requirement: 'site_drawing',
        fileName: 'site-drawing-14B.pdf',
        lines: [
          'Site drawing — Unit 14B, Willow Creek Commons',
          'Rear yard fence: back line 30 ft, north side 18 ft (48 ft in all).',
          'Height 6 ft (72 in) from finished grade; 2 ft inside the property line.',
        ],
      },
    ],
    submittedDaysAgo: 3,
  });

  const underReview = await request({
    unit: '7A',
    applicantId: people.board,
    title: 'Replace the side fence and gate',
    description: 'The side fence and gate are rotten; replacing them like for like in redwood.',
    answers: {
      height: 60,
      length: 22,
      material: 'Wood',
      colour: 'Redwood stain to match the neighbours',
      location: 'Side yard, between 7A and 7B',
    },
    files: [
      {
        requirement: 'site_drawing',
        fileName: 'side-fence-7A.pdf',
        lines: ['Side fence — Unit 7A', 'Side yard run 22 ft with one 4 ft gate; height 5 ft (60 in).'],
      },
      {
        requirement: 'contractor_quote',
        fileName: 'quote-hill-country-fence.pdf',
        lines: [
          'Hill Country Fence Co. — Quote 2291',
          'Redwood good-neighbor fence, 5 ft (60 in) high, 22 linear ft, one gate.',
          'Stain: Willow Creek redwood, to match. Total $2,140.00',
        ],
      },
    ],
    submittedDaysAgo: 13,
    completeDaysAgo: 12,
  });
  const [committee] = await tx
    .select({ id: committees.id })
    .from(committees)
    .where(
      and(
        eq(committees.propertyId, willowCreekId),
        sql`${committees.kind} in ('architectural_review', 'board')`,
      ),
    )
    .orderBy(asc(sql`${committees.kind} = 'board'`), asc(committees.createdAt));
  if (underReview) {
    // A question to the owner and its answer, and a note in the committee's own thread.
    const dayAfterComplete = (hours: number) =>
      new Date(underReview.completeAt!.getTime() + hours * 3_600_000);
    await tx.insert(arcMessages).values([
      {
        requestId: underReview.id,
        visibility: 'applicant',
        authorId: people.manager,
        body: 'Will the new gate open into your side yard or onto the common path? The path must stay clear.',
        createdAt: dayAfterComplete(20),
      },
      {
        requestId: underReview.id,
        visibility: 'applicant',
        authorId: people.board,
        body: 'Into my side yard: it latches on the inside, like the old one.',
        createdAt: dayAfterComplete(26),
      },
      {
        requestId: underReview.id,
        visibility: 'committee',
        authorId: people.manager,
        body: 'The 5 ft height is within §5.6. Please check the stain against 7B’s fence at the next walk-through before voting.',
        createdAt: dayAfterComplete(30),
      },
    ]);
  }
  if (underReview && committee) {
    const itemId = await openDecisionItem(tx, {
      propertyId: willowCreekId,
      committeeId: committee.id,
      kind: 'arc_request',
      title: 'Unit 7A: Fence — Replace the side fence and gate',
      background: [
        'Beatrice Hall, owner of unit 7A, asks for approval of a fence project: “Replace the side fence and gate” (revision 1).',
        'The side fence and gate are rotten; replacing them like for like in redwood.',
        'Answers:\n- Height: 60 in\n- Length: 22 ft\n- Material: Wood\n- Colour or stain: Redwood stain to match the neighbours\n- Location: Side yard, between 7A and 7B',
        'Files:\n- side-fence-7A.pdf (Site drawing)\n- quote-hill-country-fence.pdf (Contractor quote)',
        `Complete twelve days ago. Decision due by ${underReview.dueOn} (${underReview.source}).`,
      ].join('\n\n'),
      options: arcDecisionOptions,
      dueOn: underReview.dueOn,
      published: false,
      arcRequestId: underReview.id,
      createdBy: people.board,
    });
    await tx
      .update(decisionItems)
      .set({ createdAt: underReview.completeAt!, updatedAt: underReview.completeAt! })
      .where(eq(decisionItems.id, itemId));
  }

  // 11B's fence, approved with conditions at the committee's meeting three weeks ago: a precedent the
  // reviewers see beside the next fence request, and work its owner may report finished.
  const [owner11B] = await tx
    .select({ userId: unitOwnerships.userId })
    .from(unitOwnerships)
    .innerJoin(units, eq(units.id, unitOwnerships.unitId))
    .where(
      and(eq(units.propertyId, willowCreekId), eq(units.label, '11B'), sql`${unitOwnerships.endsOn} is null`),
    )
    .orderBy(desc(unitOwnerships.isPrimary))
    .limit(1);
  const approved =
    owner11B &&
    (await request({
      unit: '11B',
      applicantId: owner11B.userId,
      title: 'Rear fence, redwood good-neighbor',
      description: 'A new rear fence in the original redwood good-neighbor design.',
      answers: {
        height: 72,
        length: 34,
        material: 'Wood',
        colour: 'Willow Creek redwood stain',
        location: 'Rear yard, along the back line',
      },
      files: [
        {
          requirement: 'site_drawing',
          fileName: 'rear-fence-11B.pdf',
          lines: ['Rear fence — Unit 11B', 'Back line 34 ft; height 6 ft (72 in) from finished grade.'],
        },
        {
          requirement: 'contractor_quote',
          fileName: 'quote-11B.pdf',
          lines: ['Hill Country Fence Co. — Quote 2240', 'Redwood good-neighbor fence, 6 ft, 34 linear ft.'],
        },
      ],
      submittedDaysAgo: 45,
      completeDaysAgo: 44,
    }));
  if (approved && committee) {
    const decidedAt = daysAgo(21);
    const conditions =
      'The finished side faces the neighbouring yard, and the stain matches the original fences.';
    const itemId = await openDecisionItem(tx, {
      propertyId: willowCreekId,
      committeeId: committee.id,
      kind: 'arc_request',
      title: 'Unit 11B: Fence — Rear fence, redwood good-neighbor',
      background: 'A new rear fence at unit 11B in the original redwood good-neighbor design, 6 ft high.',
      options: arcDecisionOptions,
      dueOn: approved.dueOn,
      published: false,
      arcRequestId: approved.id,
      createdBy: owner11B.userId,
    });
    await tx
      .update(decisionItems)
      .set({
        status: 'decided',
        outcome: 'approve_with_conditions',
        outcomeNote: conditions,
        method: 'meeting',
        meetingHeldOn: localClock(decidedAt, property!.timeZone).date,
        meetingCounts: { approve_with_conditions: 3 },
        decidedAt,
        createdAt: approved.completeAt!,
        updatedAt: decidedAt,
      })
      .where(eq(decisionItems.id, itemId));
    await tx
      .update(arcRequests)
      .set({
        status: 'decided',
        decision: 'approve_with_conditions',
        conditions,
        decidedAt,
        updatedAt: decidedAt,
      })
      .where(eq(arcRequests.id, approved.id));
  }
}

/** A one-page PDF with these lines as its text. */
async function pdfOf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 56, y: 730 - index * 20, size: 12, font }));
  return Buffer.from(await pdf.save());
}

/**
 * The Fence type's guideline checks at Willow Creek, resting on the CC&Rs' fence clause (§5.6: at most
 * six feet; no chain-link, vinyl or wire mesh; the same good-neighbor design and stain), once that
 * clause is a rule in use. The demo's fence requests were made before the rule existed; they take the
 * checks too, as if the type had had them. Nothing changes when the type already has checks or does
 * not exist (an installation without the demo's architectural review).
 */
export async function addDemoFenceChecks(tx: Db, willowCreekId: string, fenceRuleId: string): Promise<void> {
  const checks: ArcCheck[] = [
    {
      key: 'height_limit',
      label: 'Height at most 6 ft',
      ruleId: fenceRuleId,
      op: 'at_most',
      field: 'height',
      limit: 6,
      unit: 'ft',
      values: [],
    },
    {
      key: 'material_allowed',
      label: 'Not chain-link, vinyl or wire mesh',
      ruleId: fenceRuleId,
      op: 'not_one_of',
      field: 'material',
      limit: null,
      unit: null,
      values: ['Chain-link', 'Vinyl', 'Wire mesh'],
    },
    {
      key: 'good_neighbor_design',
      label: 'The same redwood good-neighbor design and stain as the original fences',
      ruleId: fenceRuleId,
      op: 'judgment',
      field: null,
      limit: null,
      unit: null,
      values: [],
    },
  ];
  const [fence] = await tx
    .update(arcProjectTypes)
    .set({ checks, updatedAt: new Date() })
    .where(
      and(
        eq(arcProjectTypes.propertyId, willowCreekId),
        eq(arcProjectTypes.kind, 'fence'),
        sql`jsonb_array_length(${arcProjectTypes.checks}) = 0`,
      ),
    )
    .returning({ id: arcProjectTypes.id });
  if (!fence) return;
  await tx
    .update(arcRequests)
    .set({
      typeSnapshot: sql`jsonb_set(${arcRequests.typeSnapshot}, '{checks}', ${JSON.stringify(checks)}::jsonb)`,
    })
    .where(eq(arcRequests.projectTypeId, fence.id));
}
