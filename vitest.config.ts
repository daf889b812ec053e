import { defineConfig } from 'vitest/config';

const apiTests = [
  'apps/api/src/**/*.test.ts',
  'apps/api/test/**/*.test.ts',
  'packages/shared/src/**/*.test.ts',
  'scripts/**/*.test.ts',
];
// Test files that replace a module with vi.mock need a module cache of their own.
const mockingTests = ['apps/api/test/security/undeclared-route.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        // Files share each worker's module cache: the app's modules are imported once per worker
        // instead of once per file (the API suite took three times as long importing them again).
        extends: true,
        test: {
          name: 'api',
          include: apiTests,
          exclude: mockingTests,
          isolate: false,
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'api-mocking', include: mockingTests, globalSetup: ['apps/api/test/global-setup.ts'] },
      },
      {
        // The web's pure code (mappers, formatting, i18n, file checks, static markup): no database.
        extends: true,
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
