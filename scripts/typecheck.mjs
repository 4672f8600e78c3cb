// Type-checks every workspace on its own tsconfig (each has its own lib/types: DOM for the web, node elsewhere).
import { spawnSync } from 'node:child_process';

const projects = ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  const result = spawnSync('tsc', ['-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
