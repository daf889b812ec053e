import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { goOffline, goOnline } from '../../fixtures/offline';
import { shotsIn } from '../../fixtures/shots';

const shot = shotsIn('account', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';

test.use({ serviceWorkers: 'allow' });

test('the account space is an installable app that still opens, with its last answers, without network', async ({
  page,
  context,
  request,
}, testInfo) => {
  const username = `appli_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: PASSWORD, firstName: 'Awa', lastName: 'Tchoumi' });
  await loginAs(page, request, email, PASSWORD);

  await page.goto('/mon-compte');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The service worker takes the account space (and only it) and controls this page.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/mon-compte');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The screen's own chunk, loaded before the service worker came, is kept too.
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await caches.open('assets')).keys()).some((key) => key.url.includes('/account-layout-'))),
    )
    .toBe(true);

  // Chromium's own verdict: the manifest and the service worker meet its install criteria. A test's
  // browser context is a private one, which no site can be installed from: that one reason aside.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  const { url: manifestUrl, errors } = await cdp.send('Page.getAppManifest');
  expect(new URL(manifestUrl).pathname).toBe('/manifest.webmanifest');
  expect(errors).toEqual([]);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.start_url).toBe('/mon-compte/evenements');
  expect(manifest.display).toBe('standalone');

  // The public pages are not the service worker's: nothing stands between them and the network.
  const agenda = await context.newPage();
  await agenda.goto('/evenements');
  expect(await agenda.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await agenda.close();

  // Opened again online (the service worker now sees the account's answers), then with no network:
  // the shell and the last answers show.
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // Chromium's emulation leaves `navigator.onLine` true in a document loaded while offline (a phone
  // does not): emulated again, the page hears the 'offline' event a phone's browser would have sent.
  await context.setOffline(false);
  await context.setOffline(true);
  const banner = page.getByText('Vous êtes hors ligne. Vous voyez les dernières informations chargées', { exact: false });
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page, 'account offline');
  await shot(page, testInfo, 'offline');

  await goOnline(context);
  await expect(banner).toBeHidden();
});

test('signing out drops the account answers kept for offline reading', async ({ page, context, request }, testInfo) => {
  const username = `sortie_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: PASSWORD, firstName: 'Paul', lastName: 'Ngono' });
  await loginAs(page, request, email, PASSWORD);

  await page.goto('/mon-compte');
  await expect(page.getByText(email)).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('account-api'))).toBe(true);

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await goOffline(context);
  // Without a session the account space leads to sign-in; nothing of the previous account is kept.
  // The cache is dropped as the sign-out happens (dropAccountCaches does not hold the navigation up).
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('account-api'))).toBe(false);
  await goOnline(context);
});
