import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperadmin } from '../../fixtures/auth';
import { saveShot, shotsFolder } from '../../fixtures/shots';
import { SUPERADMIN } from '@app/test-utils/server';

/** Issue 17: feedback that is seen and tables that fit, measured by element boxes. */

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 1280) >= 1024;

async function inViewport(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'element has a box').not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y, 'top inside the viewport').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom inside the viewport').toBeLessThanOrEqual(viewport.height);
}

test('offline sign-in says so within the 10 s login timeout; a signed-in admin on /GetStarted goes to /admin', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/GetStarted');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(SUPERADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(SUPERADMIN.password);
  await context.setOffline(true);
  const started = Date.now();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Erreur de connexion au serveur', { timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await context.setOffline(false);

  await loginAsSuperadmin(page, request);
  await page.goto('/GetStarted');
  await page.waitForURL('**/admin');
});

test('sidebar at 1280×800: every entry down to Log Out inside the window, no scroll of its own', async ({ page, request }) => {
  test.skip(!isDesktop(page), 'the desktop sidebar');
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/settings');
  const nav = page.getByRole('navigation', { name: /Navigation du back-office/ });
  for (const name of ['Administration', 'Rôles', 'Signalements', 'Paramètres', 'English', 'Log Out']) {
    await inViewport(page, nav.getByRole(name === 'English' || name === 'Log Out' ? 'button' : 'link', { name, exact: true }));
  }
  const aside = await page.locator('#admin-sidebar').evaluate((element) => element.scrollHeight - element.clientHeight);
  expect(aside, 'the sidebar does not scroll').toBeLessThanOrEqual(0);
});

test('settings: the saved banner shows where the user is after saving from the bottom', async ({ page, request }) => {
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/settings');
  const save = page.getByRole('button', { name: 'Enregistrer les paramètres' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const banner = page.getByText('Les paramètres ont été sauvegardés avec succès.');
  await expect(banner).toBeVisible();
  await inViewport(page, banner);
  // Not hidden under the sticky top bar either.
  const bar = await page.locator('header').first().boundingBox();
  const box = await banner.boundingBox();
  expect(box && bar ? box.y >= bar.y + bar.height - 1 : false).toBe(true);
});

test('event dialog: a failed creation is scrolled into view and focused (offline here)', async ({ page, context, request }) => {
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/events?create=1');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Titre', { exact: true }).fill('Soirée hors ligne');
  await dialog.getByLabel('Description', { exact: true }).fill('Un test sans réseau');
  await dialog.getByLabel('Date de début').fill('2027-05-01');
  await dialog.getByLabel('Heure de début').fill('18:00');
  await dialog.getByLabel('Date de fin').fill('2027-05-01');
  await dialog.getByLabel('Heure de fin').fill('22:00');
  await dialog.getByLabel('Adresse', { exact: true }).fill('Rue de la Joie');
  await dialog.getByLabel('Ville', { exact: true }).fill('Douala');
  await dialog.getByLabel('Catégorie').selectOption('concert');
  await context.setOffline(true);
  await dialog.getByRole('button', { name: "Créer l'événement" }).click();
  // Without a network, the message says so and that nothing typed is lost (decision 042).
  const offline = 'Vous êtes hors ligne : rien n’est perdu, réessayez quand la connexion revient.';
  const alert = dialog.getByRole('alert').filter({ hasText: offline });
  await expect(alert).toBeVisible({ timeout: 10_000 });
  await inViewport(page, alert);
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(offline);
  await expect(dialog.getByLabel('Titre', { exact: true })).toHaveValue('Soirée hors ligne');
  await context.setOffline(false);
});

test('waiting list at 1280: one-line rows, e-mails cut with the whole value on hover, phones grouped', async ({
  page,
  request,
}) => {
  test.skip(!isDesktop(page), 'the desktop table');
  const suffix = Date.now().toString(36);
  for (let index = 0; index < 2; index += 1) {
    const response = await request.post('/api/waitlist', {
      data: {
        name: `Marie-Christelle Nguemo Tchoupo ${suffix}${index}`,
        phone: `+2376770${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        email: `marie.christelle.nguemo.tchoupo.${suffix}${index}@entreprise-exemple-du-cameroun.cm`,
        elapsedMs: 5000,
      },
      headers: { 'x-forwarded-for': `10.88.${index}.${Math.floor(Math.random() * 250)}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/waitlist');
  await page.getByLabel('Rechercher').fill(suffix);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    const height = (await row.boundingBox())?.height ?? 999;
    expect(height, 'one line high').toBeLessThanOrEqual(64);
    const email = row.locator('[data-cell="email"]');
    expect(await email.getAttribute('title')).toMatch(/@entreprise-exemple-du-cameroun\.cm$/);
    expect((await email.boundingBox())?.height ?? 99).toBeLessThanOrEqual(24);
    const buttons = await row.locator('[data-cell="actions"] button').all();
    const tops = await Promise.all(buttons.map(async (button) => Math.round((await button.boundingBox())?.y ?? -1)));
    expect(new Set(tops).size, 'the actions on one line').toBe(1);
    await expect(row.locator('[data-cell="phone"]')).toHaveText(/^\+237 6 77 0\d \d\d \d\d$/);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The table fits its box: the actions are not hidden behind a sideways scroll.
  const hidden = await page
    .locator('table')
    .first()
    .evaluate((table) => {
      const box = table.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
  expect(hidden, 'the table needs no sideways scroll').toBeLessThanOrEqual(0);
  await saveShot(page, shotsFolder('polish'), 'desktop-waitlist-rows', { fullPage: false });
});

test('phones: popular events as readable cards, administration names and e-mails whole', async ({ page, request }) => {
  test.skip(isDesktop(page), 'the phone layouts');
  await loginAsSuperadmin(page, request);
  await page.goto('/admin');
  const cards = page.getByTestId('top-events-cards');
  if ((await cards.count()) > 0) {
    for (const figure of await cards.locator('dd').all()) {
      const box = await figure.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    }
  }
  await page.goto('/admin/administration');
  const names = page.locator('[data-cell="name"], [data-cell="contact"]');
  await expect(names.first()).toBeVisible();
  for (const cell of await names.all()) {
    const cut = await cell.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(cut, 'not cut').toBeLessThanOrEqual(0);
    const box = await cell.boundingBox();
    expect(box && box.x + box.width <= 360).toBe(true);
  }
});
