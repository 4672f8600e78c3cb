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
import { expiryStatusOf } from './compliance.ts';
import { managerIdsOf } from './vendor-documents.ts';

/**
 * Vendor compliance alerts (issue 24 item 1, decision 0067): every morning, each verified certificate of
 * insurance or licence that expires within 30 days, or has expired, and that no later verified document of
 * its kind replaces, is told once as expiring and once as expired to the company's people and the
 * managers of the associations it serves. "Within" and "has", not "on the day": a missed morning catches
 * up; the dedupe key (per document and stage) makes re-runs and catch-ups send nothing twice, and a
 * renewal is a new document with alerts of its own.
 */

type Due = {
  id: string;
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
      select d.id, d.company_id, c.name as company_name, d.kind, to_char(d.expires_on, 'YYYY-MM-DD') as expires_on
      from vendor_documents d join vendor_companies c on c.id = d.company_id
      where d.status = 'verified' and d.kind in ('insurance', 'licence')
        and d.expires_on <= ${today}::date + ${complianceWarningDays}::int
        and not exists (select 1 from vendor_documents later where later.company_id = d.company_id
          and later.kind = d.kind and later.status = 'verified' and later.expires_on > d.expires_on)
      order by d.expires_on, c.name, d.id`),
  );
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
      dedupeKey: `vendor-doc:${document.id}:${stage}`,
    };
    const people = rowsOf<{ user_id: string }>(
      await db.execute(
        sql`select user_id from vendor_people where company_id = ${document.company_id} and removed_at is null`,
      ),
    ).map((row) => row.user_id);
    const toPeople = await notifier.notify(db, people, {
      ...event,
      body: `Your company's ${label} ${stage === 'expired' ? 'expired' : 'expires'} on ${day}. ${stage === 'expired' ? 'Managers cannot assign you new work until you upload a current one.' : 'Upload the renewed one from your vendor portal before then.'}`,
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
