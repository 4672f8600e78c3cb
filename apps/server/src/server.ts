// Starts the server: checks the runtime and settings, prepares the database, listens, and shuts down gracefully.
export {};

const requiredNodeMajor = 24;
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < requiredNodeMajor) {
  console.error(
    `Commonwise needs Node.js ${requiredNodeMajor} or newer; this is ${process.version}. ` +
      'Run it through npm (`npm start`), which uses the Node 24 installed in node_modules.',
  );
  process.exit(1);
}

const { ConfigError, loadConfig } = await import('./plugins/config.ts');
const { databaseOptionsFor, openDatabase } = await import('./db/client.ts');
const { prepareDatabase } = await import('./db/prepare.ts');
const { buildApp } = await import('./app.ts');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(databaseOptionsFor(config));
const app = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());
await prepareDatabase(database, { seedDemo: config.seedDemo, log: (message) => app.log.info(message) });
if (config.seedDemo) {
  const { seedDemoDocuments } = await import('./modules/documents/demo-documents.ts');
  const added = await seedDemoDocuments(app);
  if (added > 0) app.log.info(`Added ${added} demo documents; they are processed in the background.`);
}
await app.listen({ port: config.port, host: config.host });
// Background jobs (document processing) in this process, unless WORKER_CONCURRENCY=0.
// The assistant's classifiers, loaded before any job runs (trained first if their cache is stale).
const { loadClassifiers } = await import('./modules/assistant/classifier/model.ts');
const classifierLoad = loadClassifiers();
app.log.info(
  `Assistant classifiers ${classifierLoad.trained ? 'trained and ' : ''}loaded in ${classifierLoad.ms} ms (${classifierLoad.heapMb} MB)`,
);
await app.jobs.start();
app.log.info(`Commonwise is ready at ${config.publicUrl} (database: ${database.kind})`);

let isShuttingDown = false;
async function shutDown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info(`${signal} received: finishing requests in flight, then closing the database`);
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
