import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs } from '../../fixtures/auth';
import { kb, scriptsOf, totalOf } from '../../fixtures/scripts';

/**
 * The organiser space is used on phones over paid mobile data: its first screen (the installed
 * app's start address) and 'Mon compte' each load at most 150 KB of JavaScript sent with brotli.
 */
const FIRST_ACCOUNT_SCREEN_JS_BROTLI_BUDGET = 150 * 1024;

test('the first screen of the installed app (its start address) and ‘Mon compte’ stay within 150 KB brotli of JavaScript', async ({
  page,
  request,
}, testInfo) => {
  const username = `budget_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: 'Mango-Tree-2025', firstName: 'Eto', lastName: 'Mbarga' });
  await loginAs(page, request, email, 'Mango-Tree-2025');

  const { start_url: startUrl } = await (await request.get('/manifest.webmanifest')).json();
  const scripts = await scriptsOf(page, startUrl);

  const total = totalOf(scripts);
  console.log(`${startUrl} JavaScript ${kb(total)} brotli in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(FIRST_ACCOUNT_SCREEN_JS_BROTLI_BUDGET);
  // The back office's screens do not come with it.
  expect([...scripts.keys()].some((url) => /\/(admin-shell|events-page)-/.test(url))).toBe(false);

  // 'Mon compte' (a referral link, the account's pieces), opened first in a new page.
  const accountPage = await page.context().newPage();
  const account = await scriptsOf(accountPage, '/mon-compte');
  const accountTotal = totalOf(account);
  console.log(`/mon-compte JavaScript ${kb(accountTotal)} brotli in ${account.size} files`);
  expect(accountTotal).toBeLessThanOrEqual(FIRST_ACCOUNT_SCREEN_JS_BROTLI_BUDGET);
  // Nor zod, the phone library's metadata of every country or the English dictionary (French UI).
  expect([...account.keys()].some((url) => /\/(admin-shell|events-page)-/.test(url))).toBe(false);
  expect([...account.keys()].some((url) => /\/(i18n|phone|schemas)-[\w-]{8}\.js$/.test(url))).toBe(false);
});
