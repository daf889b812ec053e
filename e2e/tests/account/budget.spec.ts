import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs } from '../../fixtures/auth';
import { scriptsOf, totalOf } from '../../fixtures/scripts';

/** The organiser space is used on phones over paid mobile data: its first screen loads at most 150 KB gzip of JavaScript. */
const FIRST_ACCOUNT_SCREEN_JS_GZIP_BUDGET = 150 * 1024;

test('the first screen of the installed app (its start address) stays within 150 KB gzip of JavaScript', async ({
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
  console.log(`${startUrl} JavaScript ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(FIRST_ACCOUNT_SCREEN_JS_GZIP_BUDGET);
  // The back office's screens do not come with it.
  expect([...scripts.keys()].some((url) => /\/(admin-shell|events-page)-/.test(url))).toBe(false);
});
