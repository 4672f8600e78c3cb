import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  documentCategoryLabels,
  handoverAckInputSchema,
  handoverAttachableItems,
  handoverItemDocumentsSchema,
  handoverItemKeys,
  handoverItemLabels,
  requiredDocumentCategories,
  type BoardHandover,
  type BoardHandoverList,
  type Handover,
  type HandoverAckInput,
  type HandoverEvidence,
  type HandoverItem,
  type HandoverItemDocuments,
  type HandoverItemKey,
  type HandoverReport,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  developmentProjects,
  handoverAcknowledgements,
  handoverItemDocuments,
  handoverReports,
  profiles,
  properties,
  propertyDocuments,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { sitsOnBoard } from '../access/memberships.ts';
import { dayIn } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import { renderHandoverReport } from './handover-pdf.ts';
import { projectOf, type ProjectRow } from './projects.service.ts';

/**
 * The hand-over of the association from its developer to its owners (issue 25 item 4). The checklist is
 * read from live data each time — documents on file, the books, open work orders, awarded contracts, the
 * board's seats, the hand-over meeting — with documents the developer attaches where the product keeps no
 * record of its own (bank reconciliations, warranties, plans). A report freezes the checklist with its
 * evidence; the owners' board acknowledges it item by item; when every item is acknowledged by a current
 * board member, the project is handed over (that day, on the association's clock).
 */

const evidence = (
  kind: HandoverEvidence['kind'],
  id: string | null,
  label: string,
  href: string | null = null,
): HandoverEvidence => ({ kind, id, label, href });
/** Most evidence shown for one item (its summary counts them all). */
const evidenceMax = 40;
const documentHref = (id: string) => `/api/documents/${id}/file`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The checklist as the data stands now. */
export async function handoverItems(db: Db, row: ProjectRow): Promise<HandoverItem[]> {
  const { project, property, today } = row;
  const [documents, attached, books, openWorkOrders, awarded, board, meeting] = await Promise.all([
    db
      .select({
        id: propertyDocuments.id,
        name: propertyDocuments.name,
        category: propertyDocuments.category,
      })
      .from(propertyDocuments)
      .where(and(eq(propertyDocuments.propertyId, property.id), eq(propertyDocuments.status, 'completed')))
      .orderBy(asc(propertyDocuments.name)),
    db
      .select({ key: handoverItemDocuments.itemKey, id: propertyDocuments.id, name: propertyDocuments.name })
      .from(handoverItemDocuments)
      .innerJoin(propertyDocuments, eq(propertyDocuments.id, handoverItemDocuments.documentId))
      .where(eq(handoverItemDocuments.projectId, project.id))
      .orderBy(asc(propertyDocuments.name)),
    db
      .execute(
        sql`select b.reserve_target_source as "reserveSource",
          (select count(*)::int from journal_entries e where e.property_id = ${property.id}) as entries
          from finance_books b where b.property_id = ${property.id}`,
      )
      .then((result) => rowsOf<{ reserveSource: string | null; entries: number }>(result)[0] ?? null),
    db
      .execute(
        sql`select w.id, w.summary as title, w.status, count(*) over ()::int as total from work_orders w
          where w.property_id = ${property.id} and w.status not in ('completed', 'cancelled')
          order by w.created_at asc limit 20`,
      )
      .then((result) => rowsOf<{ id: string; title: string; status: string; total: number }>(result)),
    db
      .execute(
        sql`select r.id, r.title from bid_requests r where r.property_id = ${property.id} and r.status = 'awarded'
          order by r.awarded_at desc nulls last limit 20`,
      )
      .then((result) => rowsOf<{ id: string; title: string }>(result)),
    db
      .execute(
        sql`select p.id, p.full_name as "fullName", cm.role,
          exists (select 1 from unit_ownerships uo join units u on u.id = uo.unit_id
            where uo.user_id = p.id and u.property_id = ${property.id} and u.archived_at is null
              and uo.starts_on <= ${today}::date and (uo.ends_on is null or uo.ends_on > ${today}::date)) as "isOwner",
          exists (select 1 from project_members m where m.project_id = ${project.id} and m.user_id = p.id) as "isDeveloper"
          from committee_members cm join committees c on c.id = cm.committee_id join profiles p on p.id = cm.user_id
          where c.property_id = ${property.id} and c.kind = 'board'
            and cm.starts_on <= ${today}::date and (cm.ends_on is null or cm.ends_on > ${today}::date)
          order by p.full_name`,
      )
      .then((result) =>
        rowsOf<{ id: string; fullName: string; role: string; isOwner: boolean; isDeveloper: boolean }>(
          result,
        ),
      ),
    db
      .execute(
        sql`select m.id, m.title, m.planned_on as "plannedOn", m.actual_on as "actualOn" from project_milestones m
          where m.project_id = ${project.id} and m.kind = 'handover_meeting'
          order by coalesce(m.actual_on, m.planned_on) desc limit 1`,
      )
      .then(
        (result) =>
          rowsOf<{ id: string; title: string; plannedOn: string; actualOn: string | null }>(result)[0] ??
          null,
      ),
  ]);

  const attachedTo = (key: HandoverItemKey) => attached.filter((document) => document.key === key);
  const attachedEvidence = (key: HandoverItemKey) =>
    attachedTo(key).map((document) =>
      evidence('document', document.id, document.name, documentHref(document.id)),
    );
  const ofCategory = (category: string) => documents.filter((document) => document.category === category);
  const milestonesHref = `/developer-portal?project=${project.id}`;

  const items: Record<HandoverItemKey, Omit<HandoverItem, 'key' | 'label' | 'attachedDocumentIds'>> = {
    governing_documents: (() => {
      const missing = requiredDocumentCategories.filter((category) => ofCategory(category).length === 0);
      return {
        isComplete: missing.length === 0,
        summary:
          missing.length === 0
            ? 'Every required governing document is on file and processed.'
            : `Missing: ${missing.map((category) => documentCategoryLabels[category]).join(', ')}.`,
        evidence: requiredDocumentCategories.flatMap((category) =>
          ofCategory(category).map((document) =>
            evidence(
              'document',
              document.id,
              `${documentCategoryLabels[category]}: ${document.name}`,
              documentHref(document.id),
            ),
          ),
        ),
      };
    })(),
    plans: {
      isComplete: attachedTo('plans').length > 0,
      summary:
        attachedTo('plans').length > 0
          ? `${plural(attachedTo('plans').length, 'plan or plat')} attached.`
          : 'Attach the recorded plat and the community’s plans from its documents.',
      evidence: attachedEvidence('plans'),
    },
    financial_statements: (() => {
      const statements = [...ofCategory('financial_statements'), ...attachedTo('financial_statements')];
      const hasBooks = (books?.entries ?? 0) > 0;
      const unique = new Map(statements.map((document) => [document.id, document]));
      return {
        isComplete: hasBooks || unique.size > 0,
        summary: hasBooks
          ? `The association’s books are kept in Commonwise (${plural(books!.entries, 'journal entry', 'journal entries')}): its monthly financial reports come from them.`
          : unique.size > 0
            ? `${plural(unique.size, 'financial statement')} on file.`
            : 'No books are kept in Commonwise and no financial statements are on file.',
        evidence: [
          ...(hasBooks
            ? [
                evidence(
                  'finance',
                  null,
                  'Monthly financial report',
                  `/manager-portal/properties/${property.id}/report`,
                ),
              ]
            : []),
          ...[...unique.values()].map((document) =>
            evidence('document', document.id, document.name, documentHref(document.id)),
          ),
        ],
      };
    })(),
    bank_reconciliations: {
      isComplete: attachedTo('bank_reconciliations').length > 0,
      summary:
        attachedTo('bank_reconciliations').length > 0
          ? `${plural(attachedTo('bank_reconciliations').length, 'reconciliation')} attached.`
          : 'Commonwise does not reconcile bank accounts yet: attach the reconciliations as documents.',
      evidence: attachedEvidence('bank_reconciliations'),
    },
    reserve_study: {
      isComplete: Boolean(books?.reserveSource) || attachedTo('reserve_study').length > 0,
      summary: books?.reserveSource
        ? `The reserve target is recorded from: ${books.reserveSource}.`
        : attachedTo('reserve_study').length > 0
          ? 'The reserve study is attached.'
          : 'No reserve study: record the reserve target in the books or attach the study.',
      evidence: [
        ...(books?.reserveSource
          ? [
              evidence(
                'finance',
                null,
                `Reserve target: ${books.reserveSource}`,
                `/manager-portal/properties/${property.id}/books`,
              ),
            ]
          : []),
        ...attachedEvidence('reserve_study'),
      ],
    },
    warranties_and_defects: (() => {
      const openCount = openWorkOrders[0]?.total ?? 0;
      const warranties = attachedTo('warranties_and_defects');
      return {
        isComplete: warranties.length > 0,
        summary: `${warranties.length > 0 ? `${plural(warranties.length, 'warranty document')} attached` : 'No warranties attached'}; ${openCount === 0 ? 'no open work orders' : `${plural(openCount, 'open work order')} to hand over`}.`,
        evidence: [
          ...attachedEvidence('warranties_and_defects'),
          ...openWorkOrders.map((workOrder) =>
            evidence('work_order', workOrder.id, `Open work order: ${workOrder.title}`),
          ),
        ],
      };
    })(),
    vendor_contracts: {
      isComplete: awarded.length > 0 || attachedTo('vendor_contracts').length > 0,
      summary:
        awarded.length + attachedTo('vendor_contracts').length > 0
          ? `${plural(awarded.length, 'contract')} awarded through bids${attachedTo('vendor_contracts').length ? `, ${plural(attachedTo('vendor_contracts').length, 'contract document')} attached` : ''}.`
          : 'No contracts awarded through bids and none attached.',
      evidence: [
        ...awarded.map((request) =>
          evidence(
            'bid_request',
            request.id,
            `Awarded: ${request.title}`,
            `/bids/${property.id}/${request.id}`,
          ),
        ),
        ...attachedEvidence('vendor_contracts'),
      ],
    },
    insurance: {
      isComplete: ofCategory('insurance_policies').length > 0,
      summary:
        ofCategory('insurance_policies').length > 0
          ? `${plural(ofCategory('insurance_policies').length, 'insurance policy', 'insurance policies')} on file.`
          : 'No insurance policy is on file.',
      evidence: ofCategory('insurance_policies').map((document) =>
        evidence('document', document.id, document.name, documentHref(document.id)),
      ),
    },
    owner_board: (() => {
      const developerSeats = board.filter((member) => member.isDeveloper || !member.isOwner);
      return {
        isComplete: board.length > 0 && developerSeats.length === 0,
        summary:
          board.length === 0
            ? 'No one sits on the board.'
            : developerSeats.length > 0
              ? `${plural(developerSeats.length, 'seat')} of ${board.length} held by someone who is not an owner or is on the developer’s team: ${developerSeats.map((member) => member.fullName).join(', ')}.`
              : `All ${plural(board.length, 'seat')} held by owners.`,
        evidence: board.map((member) =>
          evidence(
            'board_member',
            member.id,
            `${member.fullName} (${member.role})${member.isDeveloper ? ', developer' : member.isOwner ? ', owner' : ', not an owner'}`,
          ),
        ),
      };
    })(),
    election_meeting: {
      isComplete: meeting !== null,
      summary: meeting
        ? meeting.actualOn
          ? `The hand-over meeting was held on ${meeting.actualOn}.`
          : `The hand-over meeting is planned for ${meeting.plannedOn}.`
        : 'Add a hand-over meeting milestone with its date.',
      evidence: meeting
        ? [
            evidence(
              'milestone',
              meeting.id,
              `${meeting.title}: ${meeting.actualOn ?? meeting.plannedOn}`,
              milestonesHref,
            ),
          ]
        : [],
    },
  };
  return handoverItemKeys.map((key) => ({
    key,
    label: handoverItemLabels[key],
    ...items[key],
    // A bounded list: the summary says how many there are; the report shows the first ones.
    evidence: items[key].evidence.slice(0, evidenceMax),
    attachedDocumentIds: attachedTo(key).map((document) => document.id),
  }));
}

export async function getHandover(ctx: ServiceContext, projectId: string): Promise<Handover> {
  const row = await projectOf(ctx.db, ctx, projectId);
  const items = await handoverItems(ctx.db, row);
  const [latest] = await ctx.db
    .select({ id: handoverReports.id })
    .from(handoverReports)
    .where(eq(handoverReports.projectId, projectId))
    .orderBy(desc(handoverReports.generatedAt))
    .limit(1);
  return {
    items,
    completeCount: items.filter((item) => item.isComplete).length,
    latestReport: latest ? await reportById(ctx.db, latest.id) : null,
  };
}

/** Replaces the documents attached to an item (one of this property's, processed or not). */
export async function setItemDocuments(
  ctx: ServiceContext,
  projectId: string,
  key: HandoverItemKey,
  input: HandoverItemDocuments,
): Promise<Handover> {
  const ids = [...new Set(handoverItemDocumentsSchema.parse(input).documentIds)];
  if (!handoverAttachableItems.includes(key))
    throw new AppError(
      422,
      'ITEM_NOT_ATTACHABLE',
      `${handoverItemLabels[key]} is read from the community’s own records; documents are not attached to it.`,
    );
  await ctx.db.transaction(async (tx) => {
    const { project } = await projectOf(tx, ctx, projectId, { lock: true });
    if (ids.length) {
      const found = await tx
        .select({ id: propertyDocuments.id })
        .from(propertyDocuments)
        .where(and(inArray(propertyDocuments.id, ids), eq(propertyDocuments.propertyId, project.propertyId)));
      if (found.length !== ids.length)
        throw new AppError(422, 'DOCUMENT_NOT_OF_PROPERTY', 'Choose documents of this community.', {
          fields: { documentIds: 'Choose documents of this community' },
        });
    }
    await tx
      .delete(handoverItemDocuments)
      .where(and(eq(handoverItemDocuments.projectId, projectId), eq(handoverItemDocuments.itemKey, key)));
    if (ids.length)
      await tx
        .insert(handoverItemDocuments)
        .values(ids.map((documentId) => ({ projectId, itemKey: key, documentId, attachedBy: ctx.actor.id })));
  });
  return getHandover(ctx, projectId);
}

type StoredReport = typeof handoverReports.$inferSelect;

async function reportById(db: Db, reportId: string): Promise<HandoverReport> {
  const [row] = await db
    .select({
      report: handoverReports,
      project: developmentProjects,
      property: properties,
      by: profiles.fullName,
    })
    .from(handoverReports)
    .innerJoin(developmentProjects, eq(developmentProjects.id, handoverReports.projectId))
    .innerJoin(properties, eq(properties.id, developmentProjects.propertyId))
    .leftJoin(profiles, eq(profiles.id, handoverReports.generatedBy))
    .where(eq(handoverReports.id, reportId));
  if (!row) throw notFound('Hand-over report');
  const acknowledgements = await db
    .select({
      itemKey: handoverAcknowledgements.itemKey,
      userId: handoverAcknowledgements.userId,
      fullName: profiles.fullName,
      acknowledgedAt: handoverAcknowledgements.acknowledgedAt,
      note: handoverAcknowledgements.note,
    })
    .from(handoverAcknowledgements)
    .innerJoin(profiles, eq(profiles.id, handoverAcknowledgements.userId))
    .where(eq(handoverAcknowledgements.reportId, reportId))
    .orderBy(asc(handoverAcknowledgements.acknowledgedAt));
  const items = row.report.items as HandoverItem[];
  const acknowledged = new Set(acknowledgements.map((entry) => entry.itemKey));
  return {
    id: row.report.id,
    projectId: row.project.id,
    propertyId: row.property.id,
    communityName: row.property.name,
    generatedAt: row.report.generatedAt.toISOString(),
    generatedBy: row.by,
    sha256: row.report.sha256,
    items,
    acknowledgements: acknowledgements.map((entry) => ({
      ...entry,
      acknowledgedAt: entry.acknowledgedAt.toISOString(),
    })),
    isFullyAcknowledged: items.every((item) => acknowledged.has(item.key)),
  };
}

/** The report's PDF: rendered from what it froze, so the same bytes (and SHA-256) every time. */
function pdfOf(
  report: StoredReport,
  community: { name: string; address: string; timeZone: string },
  by: string | null,
) {
  return renderHandoverReport({
    community,
    // The PDF writes its creation date in whole seconds.
    generatedAt: new Date(Math.floor(report.generatedAt.getTime() / 1000) * 1000),
    generatedOn: dayIn(report.generatedAt, community.timeZone),
    generatedBy: by,
    reference: report.id.slice(0, 8),
    items: report.items as HandoverItem[],
  });
}

/**
 * Freezes the checklist as it stands into a report, with the SHA-256 of its PDF, and tells the
 * association's current board members that it waits for their acknowledgement.
 */
export async function createHandoverReport(ctx: ServiceContext, projectId: string): Promise<HandoverReport> {
  const id = await ctx.db.transaction(async (tx) => {
    const row = await projectOf(tx, ctx, projectId, { lock: true });
    const items = await handoverItems(tx, row);
    // Kept to the millisecond, so a report made in the same second as the one before is still the later
    // one; the PDF is dated to the second it was made in (pdfOf), and renders the same from the row.
    const generatedAt = new Date();
    const reportId = crypto.randomUUID();
    const draft = { id: reportId, projectId, items, generatedAt, generatedBy: ctx.actor.id, sha256: '' };
    const pdf = await pdfOf(draft, row.property, ctx.actor.fullName);
    await tx
      .insert(handoverReports)
      .values({ ...draft, sha256: createHash('sha256').update(pdf.bytes).digest('hex') });
    const board = rowsOf<{ id: string }>(
      await tx.execute(sql`select distinct cm.user_id as id from committee_members cm join committees c on c.id = cm.committee_id
        where c.property_id = ${row.property.id} and c.kind = 'board'
          and cm.starts_on <= ${row.today}::date and (cm.ends_on is null or cm.ends_on > ${row.today}::date)`),
    ).map((member) => member.id);
    if (board.length)
      await ctx.notifier.notify(tx, board, {
        kind: 'project.handover',
        propertyId: row.property.id,
        title: `Hand-over report for ${row.property.name}`,
        body: `${ctx.actor.fullName} sent the developer's hand-over report for ${row.property.name}: ${items.filter((item) => item.isComplete).length} of ${items.length} items complete. Please read each item and acknowledge its receipt.`,
        link: `/board-portal/handover/${row.property.id}`,
        dedupeKey: `handover-report:${reportId}`,
      });
    return reportId;
  });
  return reportById(ctx.db, id);
}

/** The report's PDF for the project's people. */
export async function projectReportPdf(ctx: ServiceContext, projectId: string, reportId: string) {
  const { property } = await projectOf(ctx.db, ctx, projectId);
  return reportPdf(ctx.db, reportId, { projectId, property });
}

async function reportPdf(
  db: Db,
  reportId: string,
  scope: { projectId?: string; property: { id: string; name: string; address: string; timeZone: string } },
) {
  const [row] = await db
    .select({ report: handoverReports, by: profiles.fullName, propertyId: developmentProjects.propertyId })
    .from(handoverReports)
    .innerJoin(developmentProjects, eq(developmentProjects.id, handoverReports.projectId))
    .leftJoin(profiles, eq(profiles.id, handoverReports.generatedBy))
    .where(eq(handoverReports.id, reportId));
  if (
    !row ||
    row.propertyId !== scope.property.id ||
    (scope.projectId && row.report.projectId !== scope.projectId)
  )
    throw notFound('Hand-over report');
  const pdf = await pdfOf(row.report, scope.property, row.by);
  return {
    bytes: pdf.bytes,
    fileName: `handover-report-${scope.property.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${dayIn(row.report.generatedAt, scope.property.timeZone)}.pdf`,
  };
}

// ---- The owners' board ----

/** The association, if the person sits on its board today (admins: any); 404 otherwise. */
async function boardProperty(ctx: ServiceContext, propertyId: string) {
  const [property] = await ctx.db
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        ctx.actor.role === 'admin' ? undefined : sitsOnBoard(ctx.actor.id, sql`${properties.id}`),
      ),
    );
  if (!property) throw notFound('Association');
  return property;
}

async function latestReportOf(db: Db, propertyId: string) {
  const [latest] = await db
    .select({ id: handoverReports.id })
    .from(handoverReports)
    .innerJoin(developmentProjects, eq(developmentProjects.id, handoverReports.projectId))
    .where(eq(developmentProjects.propertyId, propertyId))
    .orderBy(desc(handoverReports.generatedAt))
    .limit(1);
  return latest ? reportById(db, latest.id) : null;
}

export async function listBoardHandovers(ctx: ServiceContext): Promise<BoardHandoverList> {
  // Each community's latest report with its counts, in one statement (an admin sees up to 100).
  const rows = rowsOf<{
    propertyId: string;
    communityName: string;
    reportId: string;
    generatedAt: Date | string;
    itemCount: number;
    acknowledgedItemCount: number;
  }>(
    await ctx.db.execute(sql`select latest."propertyId", latest."communityName", latest."reportId",
        latest."generatedAt", latest."itemCount",
        (select count(distinct a.item_key)::int from handover_acknowledgements a
          where a.report_id = latest."reportId"
            and a.item_key in (select item->>'key' from jsonb_array_elements(latest.items) item)
        ) as "acknowledgedItemCount"
      from (
        select distinct on (p.id) p.id as "propertyId", p.name as "communityName", r.id as "reportId",
          r.generated_at as "generatedAt", r.items, jsonb_array_length(r.items) as "itemCount"
        from handover_reports r join development_projects d on d.id = r.project_id
          join properties p on p.id = d.property_id
        where ${ctx.actor.role === 'admin' ? sql`true` : sitsOnBoard(ctx.actor.id, sql`p.id`)}
        order by p.id, r.generated_at desc
        limit 100
      ) latest
      order by latest."communityName", latest."propertyId"`),
  );
  return {
    handovers: rows.map((row) => ({
      propertyId: row.propertyId,
      communityName: row.communityName,
      reportId: row.reportId,
      generatedAt: new Date(row.generatedAt).toISOString(),
      itemCount: Number(row.itemCount),
      acknowledgedItemCount: Number(row.acknowledgedItemCount),
      isFullyAcknowledged: Number(row.acknowledgedItemCount) === Number(row.itemCount),
    })),
  };
}

/** Admins read every board's report, but the receipt is the owners' board's own. */
const acknowledgesHandover = (ctx: ServiceContext) => ctx.actor.role !== 'admin';

export async function getBoardHandover(ctx: ServiceContext, propertyId: string): Promise<BoardHandover> {
  await boardProperty(ctx, propertyId);
  const report = await latestReportOf(ctx.db, propertyId);
  return {
    report,
    acknowledgedByMe: report
      ? report.acknowledgements.filter((entry) => entry.userId === ctx.actor.id).map((entry) => entry.itemKey)
      : [],
    canAcknowledge: acknowledgesHandover(ctx),
  };
}

/**
 * A board member's receipt of one item of the latest report. Once per member and item (409 again); an
 * earlier report is closed to acknowledgements (409). When every item has a receipt, the project is
 * handed over that day.
 */
export async function acknowledgeHandoverItem(
  ctx: ServiceContext,
  ids: { propertyId: string; reportId: string; key: HandoverItemKey },
  input: HandoverAckInput,
): Promise<BoardHandover> {
  const { note } = handoverAckInputSchema.parse(input);
  const property = await boardProperty(ctx, ids.propertyId);
  await ctx.db.transaction(async (tx) => {
    const [project] = await tx
      .select()
      .from(developmentProjects)
      .where(eq(developmentProjects.propertyId, ids.propertyId))
      .for('update');
    if (!project) throw notFound('Hand-over report');
    const latest = await latestReportOf(tx, ids.propertyId);
    if (!latest || latest.id !== ids.reportId) {
      // An earlier report of this project is superseded; any other id is not found.
      const [exists] = await tx
        .select({ id: handoverReports.id })
        .from(handoverReports)
        .where(and(eq(handoverReports.id, ids.reportId), eq(handoverReports.projectId, project.id)));
      if (!exists) throw notFound('Hand-over report');
      throw new AppError(
        409,
        'REPORT_SUPERSEDED',
        'The developer has sent a newer hand-over report: acknowledge the items of the latest one.',
      );
    }
    if (!acknowledgesHandover(ctx))
      throw new AppError(
        403,
        'NOT_ON_BOARD',
        'Only a member of the association’s board acknowledges the hand-over.',
      );
    const inserted = await tx
      .insert(handoverAcknowledgements)
      .values({ reportId: ids.reportId, itemKey: ids.key, userId: ctx.actor.id, note: note || null })
      .onConflictDoNothing()
      .returning({ id: handoverAcknowledgements.id });
    if (inserted.length === 0)
      throw new AppError(
        409,
        'ALREADY_ACKNOWLEDGED',
        `You have already acknowledged “${handoverItemLabels[ids.key]}”.`,
      );
    const done = new Set([...latest.acknowledgements.map((entry) => entry.itemKey), ids.key]);
    if (!project.handedOverOn && latest.items.every((item) => done.has(item.key)))
      await tx
        .update(developmentProjects)
        .set({ handedOverOn: dayIn(new Date(), property.timeZone), updatedAt: new Date() })
        .where(eq(developmentProjects.id, project.id));
  });
  return getBoardHandover(ctx, ids.propertyId);
}

/** The latest report's PDF for the association's board. */
export async function boardReportPdf(ctx: ServiceContext, propertyId: string, reportId: string) {
  const property = await boardProperty(ctx, propertyId);
  return reportPdf(ctx.db, reportId, { property });
}
