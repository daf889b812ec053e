import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '@app/test-utils/server';
import { loginAsSuperadmin } from '../../fixtures/auth';
import { kb, scriptsOf, totalOf } from '../../fixtures/scripts';

/**
 * The back office's speed budgets, in JavaScript sent compressed with brotli (what a phone
 * downloads): its first screen, loaded first, at most 150 KB; every other screen, loaded first, at
 * most 200 KB. Each screen loads its own code only (route-level chunks).
 */
const FIRST_ADMIN_SCREEN_JS_BROTLI_BUDGET = 150 * 1024;
const ADMIN_SCREEN_JS_BROTLI_BUDGET = 200 * 1024;

/** Every back-office screen the web router knows (ADMIN_SEGMENTS), and the failed sends' tab. */
function adminScreens(): string[] {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'apps/web/src/config/paths.ts'), 'utf8');
  const block = source.match(/export const ADMIN_SEGMENTS = \{([\s\S]*?)\} as const/)?.[1] ?? '';
  const segments = [...block.matchAll(/:\s*'([^']*)'/g)].map((match) => match[1] ?? '');
  return [...segments.map((segment) => (segment ? `/admin/${segment}` : '/admin')), '/admin/messages/envois'];
}

test('the first back-office screen stays within 150 KB brotli of JavaScript', async ({ page, request }) => {
  await loginAsSuperadmin(page, request);
  const scripts = await scriptsOf(page, '/admin');
  const total = totalOf(scripts);
  console.log(`/admin JavaScript ${kb(total)} brotli in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(FIRST_ADMIN_SCREEN_JS_BROTLI_BUDGET);
  // Code splitting: the events, statistics and Messagerie screens are not part of the first screen,
  // nor the English dictionary of the server's texts (French UI), the phone library's metadata of
  // every country or zod.
  expect([...scripts.keys()].some((url) => /events-page|stats-page|messages-page/.test(url))).toBe(false);
  expect([...scripts.keys()].some((url) => /\/(i18n|phone|schemas)-[\w-]{8}\.js$/.test(url))).toBe(false);
});

test('Messagerie, opened first, stays within 200 KB brotli of JavaScript in its own chunk', async ({ page, request }) => {
  await loginAsSuperadmin(page, request);
  const scripts = await scriptsOf(page, '/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  const total = totalOf(scripts);
  console.log(`/admin/messages JavaScript ${kb(total)} brotli in ${scripts.size} files`);
  expect([...scripts.keys()].some((url) => /messages-page/.test(url))).toBe(true);
  expect(total).toBeLessThanOrEqual(ADMIN_SCREEN_JS_BROTLI_BUDGET);
});

test('every back-office screen, opened first, stays within 200 KB brotli of JavaScript', async ({ page, request }, testInfo) => {
  // The same scripts at every width: measured once, on the phone.
  test.skip(testInfo.project.name !== 'mobile', 'measured on the mobile project');
  test.setTimeout(120_000);
  await loginAsSuperadmin(page, request);
  const screens = adminScreens();
  expect(screens.length).toBeGreaterThan(15);
  const over: string[] = [];
  for (const screen of screens) {
    const total = totalOf(await scriptsOf(page, screen));
    console.log(`${screen} JavaScript ${kb(total)} brotli`);
    if (total > ADMIN_SCREEN_JS_BROTLI_BUDGET) over.push(`${screen}: ${kb(total)}`);
  }
  expect(over).toEqual([]);
});
