import { sql } from 'drizzle-orm';
import {
  complianceWarningDays,
  defaultPropertyTimeZone,
  vendorDocumentKindLabels,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { defineSchedule, type Period, type ScheduleDefinition } from '../../plugins/schedules.ts';
import { formatDay } from '../letters/values.ts';
import type { Notifier } from '../notifications/notify.ts';
import { rowsOf } from '../realtime/publish.ts';
import { countsOnSql, expirySql, expiryStatusOf } from './compliance.ts';
import { managerIdsOf } from './vendor-documents.ts';

/**
 * Vendor compliance alerts (issue 24 item 1, decision 0067): every morning, each active company's
 * certificate of insurance and licence standing (the latest expiry among its documents that count today)
 * that expires within 30 days, or has expired, is told once as expiring and once as expired to the
 * company's people and the managers of the associations it serves. "Within" and "has", not "on the day":
 * a missed morning catches up. The dedupe key is the company, kind, expiry day and stage, so re-runs and
 * catch-ups send nothing twice, two documents with the same expiry (a renewal the vendor submitted and the
 * manager also added) are told once, and a renewal with a later expiry has alerts of its own.
 */

type Due = {
  company_id: string;
  company_name: string;
  kind: 'insurance' | 'licence';
  expires_on: string;
};

/** The schedule's day: the local date of the period it runs for. */
const dayOf = (period: Period) => period.key.slice(0, 10);

/** The documents to tell about on `today`: expiring within 30 days or expired, not replaced by a later one. */
export async function complianceAlertsDue(db: Pick<Db, 'execute'>, today: string): Promise<Due[]> {
  return rowsOf<Due>(
    await db.execute(sql`
      select standing.company_id, c.name as company_name, standing.kind,
        to_char(standing.expires_on, 'YYYY-MM-DD') as expires_on
      from (select d.company_id, d.kind, max(${expirySql('d')}) as expires_on from vendor_documents d
          where d.kind in ('insurance', 'licence') and ${countsOnSql('d', today)}
          group by d.company_id, d.kind) standing
        join vendor_companies c on c.id = standing.company_id
      where c.is_active and standing.expires_on <= ${today}::date + ${complianceWarningDays}::int
      order by standing.expires_on, c.name, standing.kind`),
  );
}

/** What the company's own people are told to do. */
function ownConsequence(kind: Due['kind'], stage: 'expiring' | 'expired'): string {
  if (stage === 'expiring') return 'Upload the renewed one from your vendor portal before then.';
  return kind === 'insurance'
    ? 'Managers cannot assign you new work without a recorded exception until you upload a current certificate from your vendor portal.'
    : 'Upload the renewed licence from your vendor portal.';
}

/** Tells each document's people and managers; returns how many notifications were new. */
export async function sendComplianceAlerts(db: Db, notifier: Notifier, today: string): Promise<number> {
  let sent = 0;
  for (const document of await complianceAlertsDue(db, today)) {
    const stage = expiryStatusOf(document.expires_on, today) === 'expired' ? 'expired' : 'expiring';
    const label = vendorDocumentKindLabels[document.kind].toLowerCase();
    const day = formatDay(document.expires_on);
    const title =
      stage === 'expired'
        ? `${document.company_name}: ${label} expired on ${day}`
        : `${document.company_name}: ${label} expires on ${day}`;
    const consequence =
      document.kind === 'insurance'
        ? stage === 'expired'
          ? 'Until a current certificate is verified, the company cannot be assigned new work without a manager’s recorded override.'
          : 'Once it expires, the company cannot be assigned new work until a current certificate is verified.'
        : 'Ask for the renewed licence and add it to the company’s documents.';
    const event = {
      kind:
        stage === 'expired'
          ? ('vendor.compliance-expired' as const)
          : ('vendor.compliance-expiring' as const),
      propertyId: null,
      title,
      dedupeKey: `vendor-compliance:${document.company_id}:${document.kind}:${document.expires_on}:${stage}`,
    };
    const people = rowsOf<{ user_id: string }>(
      await db.execute(
        sql`select user_id from vendor_people where company_id = ${document.company_id} and removed_at is null`,
      ),
    ).map((row) => row.user_id);
    const toPeople = await notifier.notify(db, people, {
      ...event,
      body: `Your company's ${label} ${stage === 'expired' ? 'expired' : 'expires'} on ${day}. ${ownConsequence(document.kind, stage)}`,
      link: '/vendor-portal',
    });
    const toManagers = await notifier.notify(db, await managerIdsOf(db, document.company_id), {
      ...event,
      body: `${document.company_name}'s ${label} ${stage === 'expired' ? 'expired' : 'expires'} on ${day}. ${consequence}`,
      link: `/vendors/${document.company_id}`,
    });
    sent += toPeople.notificationIds.length + toManagers.notificationIds.length;
  }
  return sent;
}

export function vendorComplianceSchedule(notifier: Notifier): ScheduleDefinition {
  return defineSchedule({
    name: 'vendors.compliance-alerts',
    title: 'Vendor compliance alerts',
    description:
      'Tells a vendor company’s people and the managers of the associations it serves when its certificate of insurance or licence expires within 30 days, and again once it has expired.',
    cron: '0 7 * * *',
    perProperty: false,
    timeZone: defaultPropertyTimeZone,
    catchUpMinutes: 6 * 60,
    preview: async (ctx, _propertyId, period) => {
      const today = dayOf(period);
      const due = await complianceAlertsDue(ctx.db, today);
      const expired = due.filter((row) => expiryStatusOf(row.expires_on, today) === 'expired').length;
      return {
        summary: `Would look at ${due.length} ${due.length === 1 ? 'document' : 'documents'}: ${due.length - expired} expiring, ${expired} expired (each is told once).`,
        counts: { expiring: due.length - expired, expired },
        items: due
          .slice(0, 20)
          .map(
            (row) =>
              `${row.company_name} — ${row.kind} ${row.expires_on < today ? 'expired' : 'expires'} ${row.expires_on}`,
          ),
      };
    },
    run: async (ctx, _propertyId, period) => {
      const sent = await sendComplianceAlerts(ctx.db, notifier, dayOf(period));
      return {
        summary: `Sent ${sent} ${sent === 1 ? 'alert' : 'alerts'}.`,
        counts: { alerts: sent },
      };
    },
  });
}
