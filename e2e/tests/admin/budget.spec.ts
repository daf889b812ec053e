import { expect, test } from '@playwright/test';
import { loginAsSuperadmin } from '../../fixtures/auth';
import { collectScripts } from '../../fixtures/scripts';

/** The back office's speed budget: its first screen loads at most 250 KB gzip of JavaScript. */
const FIRST_ADMIN_SCREEN_JS_GZIP_BUDGET = 250 * 1024;

test('the first back-office screen stays within 250 KB gzip of JavaScript', async ({ page, request }) => {
  const { scripts, settled, total: sum } = collectScripts(page);
  await loginAsSuperadmin(page, request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled();

  const total = sum();
  console.log(`/admin JavaScript ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(FIRST_ADMIN_SCREEN_JS_GZIP_BUDGET);
  // Code splitting: the events and statistics screens are not part of the first screen.
  expect([...scripts.keys()].some((url) => /events-page|stats-page/.test(url))).toBe(false);
});
