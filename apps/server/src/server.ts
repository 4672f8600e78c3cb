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
const { createPgliteCluster, pgliteDataDir } = await import('./db/pglite-create.ts');

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

// Milliseconds since the process started, at the end of each phase: logged when ready, and read by
// bench/startup.ts.
const phases: Record<string, number> = {};
const phaseDone = (phase: string) => (phases[phase] = Math.round(performance.now()));
phaseDone('config');
// A new embedded database's cluster is made on a worker thread while this one loads the server's code.
const clusterCreated = config.databaseUrl ? undefined : createPgliteCluster(pgliteDataDir(config.dataDir));
const { databaseOptionsFor, openDatabase } = await import('./db/client.ts');
const { prepareDatabase } = await import('./db/prepare.ts');
const { buildApp } = await import('./app.ts');
phaseDone('code');
if (await clusterCreated) phaseDone('cluster');
const database = await openDatabase(databaseOptionsFor(config));
phaseDone('database');
const app = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());
phaseDone('app');
// Set once listening; shutting down waits for it (hooks cannot be added to a listening server).
let demoDocumentsAdded: Promise<void> | undefined;
app.addHook('preClose', async () => demoDocumentsAdded);
// Requests wait for this: the schema they use, and the demo accounts able to sign in.
await prepareDatabase(database, {
  seedDemo: config.seedDemo,
  demoServices: { storage: app.storage, notifier: app.notifier },
  log: (message) => app.log.info(message),
  onPhase: phaseDone,
});
await app.listen({ port: config.port, host: config.host });
phaseDone('listening');
// Background jobs (document processing) in this process, unless WORKER_CONCURRENCY=0.
// The assistant's classifiers, loaded before any job runs (trained first if their cache is stale).
const { loadClassifiers } = await import('./modules/assistant/classifier/model.ts');
const classifierLoad = loadClassifiers();
app.log.info(
  `Assistant classifiers ${classifierLoad.trained ? 'trained and ' : ''}loaded in ${classifierLoad.ms} ms (${classifierLoad.heapMb} MB)`,
);
await app.jobs.start();
phaseDone('ready');
app.log.info(
  { startupMs: phases },
  `Commonwise is ready at ${config.publicUrl} (database: ${database.kind})`,
);
if (config.seedDemo) {
  // After listening: rendering and storing the demo documents takes a while, and they are processed
  // in the background anyway. A process killed mid-way adds the missing ones at its next start.
  demoDocumentsAdded = import('./modules/documents/demo-documents.ts')
    .then(({ seedDemoDocuments }) => seedDemoDocuments(app))
    .then(async (added) => {
      phaseDone('demoDocuments');
      if (added > 0)
        app.log.info(
          { startupMs: phases },
          `Added ${added} demo documents; they are processed in the background.`,
        );
      // The demo's rules and violations cite those documents, so they come after them (once).
      const { seedDemoEnforcement } = await import('./modules/violations/demo-enforcement.ts');
      if (await seedDemoEnforcement(app)) app.log.info('Added the demo rules, inspection and violations.');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'adding the demo documents failed'));
}

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
