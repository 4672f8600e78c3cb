// `npm run seed:scale -- --associations 150 [--seed 19] [--database-url postgres://…]`: fills an empty
// database with a generated portfolio (decision 0037) and prints JSON lines: progress, then a summary.
// Without --database-url or DATABASE_URL it writes to the embedded PGlite under DATA_DIR (./data),
// which takes at most a few associations.
import { parseArgs } from 'node:util';
import { databaseOptionsFor, openDatabase } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { generatePortfolio, pgliteMaxAssociations, PortfolioRefused, sizesFor } from './generate.ts';

const { values } = parseArgs({
  options: {
    associations: { type: 'string', default: '150' },
    seed: { type: 'string', default: '19' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    password: { type: 'string', default: 'commonwise-scale' },
    'units-per-association': { type: 'string' },
    'work-orders-per-unit': { type: 'string' },
    'messages-per-room': { type: 'string' },
    'documents-per-association': { type: 'string' },
  },
});
const number = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    console.error(`--${name} must be a number, not "${value}".`);
    process.exit(2);
  }
  return parsed;
};
const associationCount = number('associations', values.associations)!;
if (!Number.isInteger(associationCount) || associationCount < 1) {
  console.error('--associations must be a whole number, 1 or more.');
  process.exit(2);
}
const overrides = Object.fromEntries(
  Object.entries({
    unitsPerAssociation: number('units-per-association', values['units-per-association']),
    workOrdersPerUnit: number('work-orders-per-unit', values['work-orders-per-unit']),
    messagesPerRoom: number('messages-per-room', values['messages-per-room']),
    documentsPerAssociation: number('documents-per-association', values['documents-per-association']),
  }).filter(([, value]) => value !== undefined),
);
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const sizes = sizesFor(associationCount, overrides);
const log = (event: Record<string, unknown>) => console.log(JSON.stringify(event));

if (!databaseUrl && associationCount > pgliteMaxAssociations) {
  console.error(
    `PGlite (the embedded database) holds at most ${pgliteMaxAssociations} generated associations. ` +
      `For ${associationCount}, start PostgreSQL (scripts/postgres.sh start /tmp/pg 5433) and pass --database-url postgres://… (or set DATABASE_URL).`,
  );
  process.exit(2);
}
const database = await openDatabase(
  databaseOptionsFor({ databaseUrl, dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data' }),
);
try {
  log({ step: 'migrate', database: database.kind });
  await runMigrations(database);
  log({ step: 'generate', seed: Number(values.seed), sizes });
  const result = await generatePortfolio(database, {
    seed: number('seed', values.seed)!,
    sizes,
    password: values.password!,
    log,
  });
  log({
    step: 'done',
    database: database.kind,
    seed: result.seed,
    associations: result.associations,
    rows: result.counts,
    seconds: result.seconds,
    signIn: {
      password: values.password,
      admin: result.portfolio.admins[0]?.email,
      manager: result.portfolio.managers[0]?.email,
      vendor: result.portfolio.vendors[0]?.email,
    },
  });
} catch (error) {
  if (error instanceof PortfolioRefused) {
    console.error(error.message);
    process.exitCode = 2;
  } else throw error;
} finally {
  await database.close();
}
