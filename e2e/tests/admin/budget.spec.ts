import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperadmin } from '../../fixtures/auth';

/** The back office's speed budget: each screen, loaded first, needs at most 250 KB gzip of JavaScript. */
const ADMIN_SCREEN_JS_GZIP_BUDGET = 250 * 1024;

/**
 * The scripts `path` loads, by URL, with their gzip sizes. Not 'networkidle': the real-time stream
 * (`GET /api/users/me/stream`) stays open while a signed-in screen is shown, so the network is never
 * idle; the screen is read once its heading shows and no script has been asked for half a second.
 */
async function scriptsOf(page: Page, path: string): Promise<Map<string, number>> {
  const scripts = new Map<string, number>();
  const reading: Promise<unknown>[] = [];
  let pending = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') pending += 1;
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') pending -= 1;
  });
  page.on('requestfinished', (finished) => {
    if (finished.resourceType() !== 'script') return;
    reading.push(
      (async () => {
        const body = await (await finished.response())?.body().catch(() => null);
        if (body) scripts.set(finished.url(), gzipSync(body).length);
        pending -= 1;
      })(),
    );
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(async () => {
    expect(pending).toBe(0);
    const before = scripts.size;
    await page.waitForTimeout(500);
    expect(pending).toBe(0);
    expect(scripts.size).toBe(before);
  }).toPass({ timeout: 20_000 });
  await Promise.all(reading);
  return scripts;
}

const totalOf = (scripts: Map<string, number>) => [...scripts.values()].reduce((sum, size) => sum + size, 0);

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
