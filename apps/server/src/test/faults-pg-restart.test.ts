import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, PostgresCluster } from './faults-harness.ts';
import { runPgRestart } from './faults-pg-restart.ts';

/**
 * PostgreSQL restarted under a writer and WebSocket clients. It restarts a PostgreSQL server, so it
 * starts its own cluster (never the shared TEST_DATABASE_URL one); it runs in the server-postgres
 * project, where PostgreSQL is the database under test.
 */
describe.runIf(inject('postgresTemplate') && PostgresCluster.isAvailable())(
  'PostgreSQL restarted under load',
  () => {
    let cluster: PostgresCluster | undefined;
    afterAll(() => cluster?.stop());

    it('the server reconnects by itself and every WebSocket client sees every event once, without gaps', async () => {
      cluster = PostgresCluster.start(join(tmpdir(), `pg-restart-test-${process.pid}`), await freePort());
      const summary = await runPgRestart({ cluster, port: await freePort(), modes: ['fast', 'immediate'] });
      expect(summary.serverStayedUp).toBe(true);
      expect(summary.acknowledgedMessages).toBeGreaterThan(10);
      // Writes are acknowledged again within seconds of each restart, with no help.
      for (const restart of summary.restarts) expect(restart.recoverMs).toBeLessThan(10_000);
      expect(summary).toMatchObject({
        lost: 0,
        gaps: 0,
        duplicates: 0,
        reloadsNeeded: 0,
        missedByClients: 0,
        clientsAtHead: summary.clients,
      });
      expect(summary.repliesPerMessage.replies).toBe(summary.repliesPerMessage.users);
      // Generous: it shares CI's two cores with another test worker (locally 25–65 s).
    }, 180_000);
  },
);
