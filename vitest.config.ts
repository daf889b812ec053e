import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'apps/api/src/**/*.test.ts',
            'apps/api/test/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
      {
        // The web's pure code (mappers, formatting, i18n, file checks, static markup): no database.
        extends: true,
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
