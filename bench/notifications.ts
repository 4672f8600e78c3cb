// `npm run bench` (notifications part, issue 18): 10,000 people notified at once (in-app and e-mail to
// the outbox), on PGlite unless BENCH_DATABASE_URL=postgres://… is set. Measures the notify() call in
// its transaction, the time until every e-mail is sent, and the API's p99 while that happens against
// the same API idle (target: at most 1.5×). Prints JSON.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const port = 3907;
const origin = `http://127.0.0.1:${port}`;
const recipients = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const ratioTarget = 1.5;
const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-notifications-'));

const server = spawn(process.execPath, ['--import', 'tsx', join(here, 'notifications-server.ts')], {
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const replies = new Map<string, ((message: Record<string, number>) => void)[]>();
server.on('message', (message: { op: string } & Record<string, number>) =>
  replies.get(message.op)?.shift()?.(message),
);
const ask = (op: string, reply: string, extra: object = {}) =>
  new Promise<Record<string, number>>((resolve) => {
    replies.set(reply, [...(replies.get(reply) ?? []), resolve]);
    server.send({ op, ...extra });
  });

try {
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the benchmark server exited with ${code}`)));
    replies.set('ready', [() => resolve()]);
  });
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'resident@commonwise.test', password: 'commonwise-demo' }),
  });
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const bell = `${origin}/api/notifications?limit=8`;
  const idle = await load('notifications idle', bell, { headers: { cookie }, seconds: 8 });

  const fanned = await ask('fan-out', 'fanned-out', { recipients });
  if ('error' in fanned) throw new Error(`the fan-out failed: ${String(fanned.error)}`);
  const started = performance.now();
  const during = load('notifications during fan-out', bell, { headers: { cookie }, seconds: 8 });
  let status = await ask('status', 'status');
  let lastReport = performance.now();
  while (status.sent! < status.deliveries! || status.deliveries! < recipients) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = await ask('status', 'status');
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.error(`notifications: ${status.sent} of ${recipients} e-mails sent`);
    }
  }
  const deliveredMs = Math.round(performance.now() - started);
  const busy = await during;
  const outboxFiles = readdirSync(join(dataDir, 'outbox')).filter(
    (name) => name.startsWith('20') && name.includes('bench-notify-'),
  ).length;
  const ratio = Math.round((busy.latencyMs.p99 / Math.max(idle.latencyMs.p99, 0.01)) * 100) / 100;
  console.log(
    JSON.stringify({
      notifications: {
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
        recipients,
        notifyInOneTransactionMs: fanned.notifyMs,
        allEmailsSentMs: deliveredMs,
        emailsPerSecond: Math.round((recipients / deliveredMs) * 1000),
        outboxFiles,
        apiP99IdleMs: idle.latencyMs.p99,
        apiP99DuringMs: busy.latencyMs.p99,
        p99Ratio: ratio,
        withinTarget: ratio <= ratioTarget && outboxFiles === recipients,
        errors: idle.errors + busy.errors + idle.non2xx + busy.non2xx,
      },
    }),
  );
} finally {
  server.send({ op: 'stop' });
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
