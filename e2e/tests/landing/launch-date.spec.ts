import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { saveShot, shotsFolder } from '../../fixtures/shots';
import { REPO_ROOT, type RunningServer, SUPERADMIN, startServer } from '@app/test-utils/server';

/**
 * Issue 17: the FAQ's launch date is a setting (decision 017) and the footer's year is this year
 * in Douala. Its own server: the settings it saves touch no other test.
 */
let server: RunningServer;
/** This year in Douala (UTC+1 all year). */
const yearInDouala = () => new Date(Date.now() + 3_600_000).getUTCFullYear();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist') });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string) {
  const fileName = `${page.viewportSize()?.width ?? 0}-${name}`;
  await saveShot(page, shotsFolder('launch-date'), fileName, { noSidewaysScroll: true, fullPage: name !== 'faq' });
}

test('the launch date set in the settings is the one the FAQ announces; the footer shows this year', async ({ page }) => {
  const login = await fetch(`${server.baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: SUPERADMIN.email, password: SUPERADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

  await page.goto(`${server.baseURL}/admin/settings`);
  const launch = page.getByLabel('Date de lancement prévue');
  await expect(launch).toHaveValue('2026-12-15');
  await expect(page.getByText('Annoncée dans la foire aux questions de la page d’accueil.')).toBeVisible();
  await launch.fill('2027-03-01');
  await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(page.getByText('Les paramètres ont été sauvegardés avec succès.')).toBeVisible();
  await launch.scrollIntoViewIfNeeded();
  await shot(page, 'settings');
  await expectNoAxeViolations(page, 'settings');

  // Server-rendered: the answer is in the HTML, without any script.
  const html = await (await fetch(`${server.baseURL}/`)).text();
  expect(html).toContain('Le lancement est prévu le 1er mars 2027, au premier trimestre 2027 (T1 2027).');

  await page.goto(`${server.baseURL}/`);
  const faq = page.locator('#faq');
  await faq.getByText('Quand l’application sera-t-elle disponible ?').click();
  const answer = faq.getByText(/Le lancement est prévu le 1er mars 2027, au premier trimestre 2027 \(T1 2027\)\./);
  await expect(answer).toBeVisible();
  await expect(faq.getByText(/2025/)).toHaveCount(0);
  await answer.scrollIntoViewIfNeeded();
  await shot(page, 'faq');
  const footer = page.locator('footer');
  await expect(footer.getByText(`© ${yearInDouala()} Évènements Cameroun`)).toBeVisible();
  await footer.scrollIntoViewIfNeeded();
  await saveShot(page, shotsFolder('launch-date'), `${page.viewportSize()?.width}-footer`, { fullPage: false });
  await expectNoAxeViolations(page, 'landing');
});
