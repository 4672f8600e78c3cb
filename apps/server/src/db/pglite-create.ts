import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

// Plain JavaScript, so the thread starts without a TypeScript loader: PGlite runs initdb when it
// opens a directory that has no cluster.
const workerSource = `
const { workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
PGlite.create(workerData.dir).then((pglite) => pglite.close());
`;

/** Where the embedded database lives under the data directory. */
export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * Creates the PGlite cluster (initdb) of a new data directory on a worker thread, so that it runs
 * beside the server loading its code instead of after it: initdb is most of a first start's time
 * (about 2 s). It is written to a directory beside `dir` and renamed into place when complete, so a
 * process killed during initdb leaves no half-made cluster behind that the next start would take
 * for a database. Does nothing when `dir` holds a cluster, or anything else (PGlite reports what is
 * wrong with it).
 */
export async function createPgliteCluster(dir: string): Promise<boolean> {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const staging = `${dir}.initdb`;
  // Left by a process killed during initdb: never used, started again.
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { dir: staging, pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite') },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Creating the database in ${dir} failed (exit ${code}).`)),
    );
  });
  if (!existsSync(join(staging, 'PG_VERSION')))
    throw new Error(`Creating the database in ${dir} failed: initdb wrote no cluster.`);
  // An empty directory cannot be renamed over everywhere (Windows); nothing is lost removing it.
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(staging, dir);
  return true;
}
