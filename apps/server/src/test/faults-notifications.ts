// kill -9 between commit and delivery (issue 18, item 8): an admin invites people as fast as the server
// answers while the server is killed at random moments and started again. Every invitation is a
// notification written in the invitation's transaction and e-mailed by a job afterwards, so at the end
// every person who exists must have exactly one invitation e-mail in the outbox — none lost with a
// kill, none sent twice by a job re-run after one — and every delivery must be marked sent.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, openSql, ServerProcess, signIn, sleep, type FaultDatabase } from './faults-harness.ts';

export type NotificationKillsSummary = {
  kills: number;
  invitesAcknowledged: number;
  invitesTried: number;
  /** People in the database made by the workload (acknowledged, or committed just before a kill). */
  people: number;
  /** People without an invitation e-mail, or with more than one. */
  lost: string[];
  duplicated: string[];
  /** Acknowledged invitations with no person in the database. */
  acknowledgedButMissing: string[];
  /** Deliveries not marked sent at the end. */
  unsent: { status: string; count: number }[];
  drainMs: number;
};

const mailsPerAddress = (outboxDir: string): Map<string, number> => {
  const counts = new Map<string, number>();
  let names: string[];
  try {
    names = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
  } catch {
    return counts;
  }
  for (const name of names) {
    const address = /-(fault-[^-]+@example\.com)\.eml$/.exec(name)?.[1];
    if (address) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return counts;
};

const unsentQuery = `select d.status, count(*)::int as count from notification_deliveries d
    join notifications n on n.id = d.notification_id
    join profiles p on p.id = n.user_id
   where p.email like 'fault-%@example.com' and d.status <> 'sent'
   group by d.status`;

export async function runNotificationKills(options: {
  database: FaultDatabase;
  kills: number;
  port: number;
  uptimeMs: [number, number];
}): Promise<NotificationKillsSummary> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-faults-notify-'));
  const outboxDir = join(dataDir, 'outbox');
  const server = new ServerProcess({ port: options.port, dataDir, database: options.database });
  const acknowledged = new Set<string>();
  let tried = 0;
  let sequence = 0;
  try {
    await server.start();
    for (let kill = 0; kill <= options.kills; kill++) {
      const admin = new Client(server, await signIn(server, 'admin@commonwise.test'));
      let running = true;
      const worker = async () => {
        while (running) {
          const email = `fault-${String(sequence++).padStart(5, '0')}@example.com`;
          tried += 1;
          const reply = await admin.send({
            method: 'POST',
            path: '/api/users/invitations',
            body: { email, fullName: `Fault ${sequence}`, role: 'resident' },
          });
          if (reply?.status === 201) acknowledged.add(email);
          else if (reply === null)
            return; // the server is gone
          else throw new Error(`invite ${email}: ${reply.status} ${JSON.stringify(reply.body)}`);
        }
      };
      const workers = [worker(), worker(), worker()];
      if (kill === options.kills) {
        // The last round runs to the end: no kill, then the queue drains.
        await sleep(options.uptimeMs[1]);
        running = false;
        await Promise.all(workers);
        break;
      }
      const [least, most] = options.uptimeMs;
      await sleep(least + Math.random() * (most - least));
      await server.kill9();
      running = false;
      await Promise.all(workers);
      await server.start();
    }

    // Until every acknowledged invitation is in the outbox (at most a minute).
    const drainStarted = Date.now();
    const deadline = drainStarted + 90_000;
    while (Date.now() - drainStarted < 60_000) {
      const mailed = mailsPerAddress(outboxDir);
      if ([...acknowledged].every((email) => mailed.has(email))) break;
      await sleep(200);
    }
    // A job killed between writing its e-mail and marking the delivery sent leaves the e-mail in the
    // outbox and the delivery queued until the job runs again: on PostgreSQL once its heartbeat goes
    // stale (10–15 s after the kill), on PGlite when the server starts. So the outbox being complete is
    // not the end: wait for the deliveries too (PostgreSQL can be read while the server runs; PGlite only
    // once it has stopped, so it is started again until they are done or the time is up).
    const unsentNow = async () => {
      const sql = await openSql(options.database, dataDir);
      try {
        return await sql.query<{ status: string; count: number }>(unsentQuery);
      } finally {
        await sql.close();
      }
    };
    if (options.database.kind === 'postgres') {
      while (Date.now() < deadline && (await unsentNow()).length > 0) await sleep(500);
      await server.stop();
    } else {
      await server.stop();
      while (Date.now() < deadline && (await unsentNow()).length > 0) {
        await server.start();
        await sleep(3_000);
        await server.stop();
      }
    }
    const drainMs = Date.now() - drainStarted;

    const sql = await openSql(options.database, dataDir);
    try {
      const people = await sql.query<{ email: string }>(
        `select email from profiles where email like 'fault-%@example.com'`,
      );
      const unsent = await sql.query<{ status: string; count: number }>(unsentQuery);
      const mailed = mailsPerAddress(outboxDir);
      const inDatabase = new Set(people.map((person) => person.email));
      return {
        kills: options.kills,
        invitesAcknowledged: acknowledged.size,
        invitesTried: tried,
        people: people.length,
        lost: people.filter((person) => !mailed.has(person.email)).map((person) => person.email),
        duplicated: [...mailed].filter(([, count]) => count > 1).map(([email]) => email),
        acknowledgedButMissing: [...acknowledged].filter((email) => !inDatabase.has(email)),
        unsent,
        drainMs,
      };
    } finally {
      await sql.close();
    }
  } finally {
    await server.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
