import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/api/src/**/*.test.ts',
      'apps/api/test/**/*.test.ts',
      'packages/shared/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'apps/web/src/**/*.test.tsx',
    ],
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
