// `npm test`: the one gate. Lint, typecheck, unit + integration (PGlite), integration on PostgreSQL
// when TEST_DATABASE_URL is set (required in CI), then end-to-end in Chromium.
import { spawnSync } from 'node:child_process';

const isCi = process.env.CI === 'true';
const { TEST_DATABASE_URL: postgresUrl, ...envWithoutPostgres } = process.env;

function run(title, command, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

run('Lint and format', 'npm', ['run', '--silent', 'lint']);
run('Typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('Unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], envWithoutPostgres);
if (postgresUrl) {
  run('Integration tests (PostgreSQL)', 'npm', ['run', '--silent', 'test:pg']);
} else if (isCi) {
  console.error('TEST_DATABASE_URL is not set: CI must run the integration suite on PostgreSQL.');
  process.exit(1);
} else {
  console.log('\n(PostgreSQL integration run not requested: set TEST_DATABASE_URL to include it.)');
}
run('End-to-end tests (Chromium)', 'npm', ['run', '--silent', 'test:e2e']);
console.log('\nAll checks passed.');
