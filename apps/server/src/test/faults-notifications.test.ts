import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase, freePort, type FaultDatabase } from './faults-harness.ts';
import { runNotificationKills } from './faults-notifications.ts';

/**
 * Notifications survive kill -9 (decision 0036): the server is killed 3 times while an admin sends
 * invitations; each person made gets exactly one e-mail and every delivery ends sent. On PGlite in the
 * server project, on PostgreSQL (a fresh database on TEST_DATABASE_URL) in server-postgres.
 */
const postgres = inject('postgresTemplate');
const kind = postgres ? 'postgres' : 'pglite';

describe(`kill -9 between a notification's commit and its delivery (${kind})`, () => {
  it('loses no e-mail and sends none twice', async () => {
    const name = `cw_faults_notify_${randomUUID().slice(0, 8)}`;
    const database: FaultDatabase = postgres
      ? { kind: 'postgres', url: await createDatabase(postgres.url, name) }
      : { kind: 'pglite' };
    try {
      const summary = await runNotificationKills({
        database,
        kills: 3,
        port: await freePort(),
        uptimeMs: [400, 1500],
      });
      // The workload really ran through the kills.
      expect(summary.invitesAcknowledged).toBeGreaterThan(10);
      expect(summary.people).toBeGreaterThanOrEqual(summary.invitesAcknowledged);
      expect({
        lost: summary.lost,
        duplicated: summary.duplicated,
        acknowledgedButMissing: summary.acknowledgedButMissing,
        unsent: summary.unsent,
      }).toEqual({ lost: [], duplicated: [], acknowledgedButMissing: [], unsent: [] });
    } finally {
      if (postgres) await dropDatabase(postgres.url, name);
    }
    // Generous: on CI's two cores this shares the machine with another test worker (locally 50–85 s).
  }, 300_000);
});
