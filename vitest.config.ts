import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import server, { isolatedServerTests, serverProjectName } from './apps/server/vitest.config.ts';

const shared = mergeConfig(server, { test: { isolate: false, exclude: isolatedServerTests } });
const isolated = {
  ...server,
  test: { ...server.test, name: `${serverProjectName}-isolated`, include: isolatedServerTests },
};

/**
 * The web's test files that replace a module with `vi.mock`, or the clock with fake timers, run
 * isolated; the rest share their worker's modules and jsdom (decision 0062: importing React, Mantine
 * and the screens again for every file was two thirds of the web suite's time). A module first
 * imported under a fake clock keeps it: after CodeSignIn's test, FairnessPanel's panel never opened.
 */
const webRoot = join(import.meta.dirname, 'apps/web');
const webTests = (readdirSync(join(webRoot, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join('src', file));
const isolatedWebTests = webTests.filter((file) =>
  /\bvi\.(mock|doMock|useFakeTimers)\(/.test(readFileSync(join(webRoot, file), 'utf8')),
);
const sharedWebTests = webTests.filter((file) => !isolatedWebTests.includes(file));
// `extends` adds a project's lists to the web config's own, so each project leaves out the other's files.
// A project built this way does not take the root's worker count, and Vitest refuses to run projects
// with different counts in one group.
const web = { extends: './apps/web/vite.config.ts', root: webRoot };
const maxWorkers = 2;

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      // The server's files share their worker's modules, but for those that mock one (decision 0062).
      shared,
      isolated,
      {
        ...web,
        test: {
          name: 'web',
          maxWorkers,
          isolate: false,
          exclude: [...configDefaults.exclude, ...isolatedWebTests],
        },
      },
      {
        ...web,
        test: { name: 'web-isolated', maxWorkers, exclude: [...configDefaults.exclude, ...sharedWebTests] },
      },
    ],
    // Vitest's default on a two-core machine is one worker (cores − 1), which leaves a core mostly idle:
    // the main process only collects results. Two workers ran the finance integration files in 120 s
    // instead of 155 s (2026-11-30, this machine). The web projects state the same count above.
    maxWorkers,
  },
});
