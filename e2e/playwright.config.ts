import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './fixtures/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // No retries, on CI either: a test that passes only on its second try is a flaky test to fix, and must be seen.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'mobile', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
});
