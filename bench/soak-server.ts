// The server for bench/soak.ts: the whole app, started the way server.ts starts it (database
// prepared and seeded with the demo data, background jobs in this process), plus a probe that the
// load generator reads over IPC. The probe measures inside the server process, because the heap
// and the event loop that matter are the server's, not the load generator's:
// - heap: `heapUsed` right after a forced full GC (node --expose-gc), so garbage waiting to be
//   collected does not count as growth;
// - event-loop delay: perf_hooks.monitorEventLoopDelay, one histogram per minute of the run.
// The forced GC itself stops the world for a few milliseconds; the histogram is paused around it so
// the measurement does not charge its own cost to the server.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/plugins/config.ts';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('bench/soak-server.ts needs node --expose-gc');
if (!process.send) throw new Error('bench/soak-server.ts reports over IPC: start it from bench/soak.ts');

const config = loadConfig();
const database = await openDatabase(databaseOptionsFor(config));
const app = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());
await prepareDatabase(database, { seedDemo: config.seedDemo });
await app.listen({ port: config.port, host: '127.0.0.1' });
await app.jobs.start();

// Node's histogram records the time between two runs of a 10 ms timer, so an idle loop reads 10 ms:
// the delay is that minus the resolution (as @fastify/under-pressure computes it).
const resolutionMs = 10;
const delay = monitorEventLoopDelay({ resolution: resolutionMs });
delay.enable();

type ProbeRequest = { op: 'sample'; resetDelay: boolean } | { op: 'stop' };

const ms = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - resolutionMs) * 100) / 100);

function sample(resetDelay: boolean) {
  const delayFigures = {
    p50: ms(delay.percentile(50)),
    p99: ms(delay.percentile(99)),
    max: ms(delay.max),
    count: delay.count,
  };
  delay.disable();
  gc!();
  const memory = process.memoryUsage();
  if (resetDelay) delay.reset();
  delay.enable();
  return {
    at: Date.now(),
    heapUsedAfterGc: memory.heapUsed,
    rss: memory.rss,
    external: memory.external,
    eventLoopDelayMs: delayFigures,
  };
}

process.on('message', (message: ProbeRequest) => {
  if (message.op === 'sample') process.send!({ op: 'sample', ...sample(message.resetDelay) });
  else if (message.op === 'stop')
    void app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
});
process.send({ op: 'ready' });
