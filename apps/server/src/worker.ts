// A process that runs background jobs (document processing) and serves no HTTP: start it beside
// servers that run with WORKER_CONCURRENCY=0. `npm run worker -w @commonwise/server`.
export {};

const { ConfigError, loadConfig } = await import('./plugins/config.ts');
const { databaseOptionsFor, openDatabase } = await import('./db/client.ts');
const { prepareDatabase } = await import('./db/prepare.ts');
const { buildApp } = await import('./app.ts');

let config;
try {
  config = loadConfig({ WORKER_CONCURRENCY: '1', ...process.env });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (config.workerConcurrency === 0) {
  console.error('WORKER_CONCURRENCY=0 leaves a worker process nothing to do: set it to 1 or more.');
  process.exit(1);
}

const database = await openDatabase(databaseOptionsFor(config));
const app = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());
await prepareDatabase(database, { seedDemo: false, log: (message) => app.log.info(message) });
await app.ready();
// The assistant's classifiers, loaded before any job runs (trained first if their cache is stale).
const { loadClassifiers } = await import('./modules/assistant/classifier/model.ts');
const classifierLoad = loadClassifiers();
app.log.info(
  `Assistant classifiers ${classifierLoad.trained ? 'trained and ' : ''}loaded in ${classifierLoad.ms} ms (${classifierLoad.heapMb} MB)`,
);
await app.jobs.start();
app.log.info(
  `Commonwise worker is running ${config.workerConcurrency} job(s) at a time (database: ${database.kind})`,
);

async function shutDown(signal: string) {
  app.log.info(`${signal} received: finishing running jobs`);
  setTimeout(() => process.exit(1), 15_000).unref();
  await app.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutDown('SIGTERM'));
process.once('SIGINT', () => void shutDown('SIGINT'));
