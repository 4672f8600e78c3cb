import { defineConfig, mergeConfig } from 'vitest/config';
import server, { isolatedServerTests, serverProjectName } from './apps/server/vitest.config.ts';

const shared = mergeConfig(server, { test: { isolate: false, exclude: isolatedServerTests } });
const isolated = {
  ...server,
  test: { ...server.test, name: `${serverProjectName}-isolated`, include: isolatedServerTests },
};

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      // The server's files share their worker's modules, but for those that mock one (decision 0062).
      shared,
      isolated,
      'apps/web',
    ],
    // Vitest's default on a two-core machine is one worker (cores − 1), which leaves a core mostly idle:
    // the main process only collects results. Two workers ran the web suite in 392 s instead of 567 s
    // and the finance integration files in 120 s instead of 155 s (2026-11-30, this machine).
    maxWorkers: 2,
  },
});
