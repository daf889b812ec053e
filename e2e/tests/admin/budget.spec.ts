import { expect, test } from '@playwright/test';
import { loginAsSuperadmin } from '../../fixtures/auth';
import { scriptsOf, totalOf } from '../../fixtures/scripts';

/** The back office's speed budget: each screen, loaded first, needs at most 250 KB gzip of JavaScript. */
const ADMIN_SCREEN_JS_GZIP_BUDGET = 250 * 1024;

test('the first back-office screen stays within 250 KB gzip of JavaScript', async ({ page, request }) => {
  await loginAsSuperadmin(page, request);
  const scripts = await scriptsOf(page, '/admin');
  const total = totalOf(scripts);
  console.log(`/admin JavaScript ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(ADMIN_SCREEN_JS_GZIP_BUDGET);
  // Code splitting: the events, statistics and Messagerie screens are not part of the first screen.
  expect([...scripts.keys()].some((url) => /events-page|stats-page|messages-page/.test(url))).toBe(false);
});

test('Messagerie, opened first, stays within 250 KB gzip of JavaScript in its own chunk', async ({ page, request }) => {
  await loginAsSuperadmin(page, request);
  const scripts = await scriptsOf(page, '/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  const total = totalOf(scripts);
  console.log(`/admin/messages JavaScript ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`);
  expect([...scripts.keys()].some((url) => /messages-page/.test(url))).toBe(true);
  expect(total).toBeLessThanOrEqual(ADMIN_SCREEN_JS_GZIP_BUDGET);
});
