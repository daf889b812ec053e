import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { REPO_ROOT, type RunningServer, SUPERADMIN, startServer } from '@app/test-utils/server';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

/*
 * 'Messagerie' › 'Envois en échec' (issue 29, decision 066). A server of its own, whose SMS are
 * written to its outbox folder: its SMS countries are changed for a moment, which the suite's
 * shared server must never see. Two waiting-list approvals go out by SMS while Cameroon is not
 * among the SMS countries: the outbox refuses both for good (failed). Back to Cameroon, an
 * administrator holding only manage_chats sees them, sends one again (it leaves the list and is
 * delivered by the retry loop) and deletes the other.
 */

const shot = shotsIn('failed-sends', { noSidewaysScroll: true });

let server: RunningServer;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Starting a server takes a few seconds, more on a busy machine.
  test.setTimeout(180_000);
  server = await startServer({ WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist') });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function tokenOf(identifier: string, password: string): Promise<string> {
  const login = await api.post('/api/users/login', { data: { identifier, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

async function setSmsCountries(token: string, countries: string[]) {
  const headers = { authorization: `Bearer ${token}` };
  const settings = (await (await api.get('/api/admin/settings', { headers })).json()) as Record<string, Record<string, unknown>>;
  const saved = await api.put('/api/admin/settings', {
    headers,
    data: { ...settings, security: { ...settings.security, smsCountries: countries } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** A waiting-list sign-up with a phone only: its approval goes by SMS. */
async function signUpByPhone(name: string, phone: string) {
  const signUp = await api.post('/api/waitlist', { data: { name, phone } });
  expect(signUp.status(), await signUp.text()).toBe(201);
}

/** The superadmin approves the entry of `phone` (the person is told by SMS). */
async function approve(token: string, phone: string) {
  const headers = { authorization: `Bearer ${token}` };
  const found = (await (await api.get(`/api/admin/waitlist?search=${encodeURIComponent(phone)}`, { headers })).json()) as {
    items: { _id: string }[];
  };
  const id = found.items[0]?._id;
  expect(id).toBeTruthy();
  const approved = await api.post(`/api/admin/waitlist/${id}/approve`, { headers });
  expect(approved.ok(), await approved.text()).toBe(true);
}

/** The SMS the server wrote to its outbox folder for `to`, once the retry loop sent it (every 15 s). */
async function smsDelivered(to: string): Promise<string> {
  const folder = path.join(server.dataDir, 'outbox');
  let text = '';
  await expect(async () => {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.includes('-sms-')) : [];
    const found = files
      .map((file) => {
        try {
          return JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { to: string; text: string };
        } catch {
          return null;
        }
      })
      .find((message) => message?.to === to);
    expect(found, `no SMS to ${to} yet`).toBeTruthy();
    text = found?.text ?? '';
  }).toPass({ timeout: 45_000, intervals: [500] });
  return text;
}

/** On a phone the sidebar is a drawer behind the menu button. */
async function openNav(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: /Ouvrir le menu|Open the menu/ }).click();
  }
  return page.getByRole('navigation', { name: /Navigation du back-office|Back-office navigation/ });
}

test('an administrator sees the failed SMS in Messagerie, sends one again (delivered) and deletes the other', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const superToken = await tokenOf(SUPERADMIN.email, SUPERADMIN.password);
  const suffix = String(Date.now()).slice(-6);
  const awa = { name: 'Awa Mbarga', phone: `+23769${suffix}1` };
  const paul = { name: 'Paul Etoa', phone: `+23767${suffix}2` };

  await signUpByPhone(awa.name, awa.phone);
  await signUpByPhone(paul.name, paul.phone);
  // Cameroon left out of the SMS countries: both approval SMS are refused for good.
  await setSmsCountries(superToken, ['SN']);
  try {
    await approve(superToken, awa.phone);
    await approve(superToken, paul.phone);
  } finally {
    await setSmsCountries(superToken, ['CM']);
  }

  // An administrator holding only manage_chats.
  const email = `outbox-${suffix}@e2e.local`;
  const password = 'Messagerie-42!';
  const created = await api.post('/api/users', {
    headers: { authorization: `Bearer ${superToken}` },
    data: { firstName: 'Sandrine', lastName: 'Kamga', email, password, permissions: ['manage_chats'], role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = await tokenOf(email, password);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

  await page.goto(`${server.baseURL}/admin`);
  const nav = await openNav(page);
  const messagerie = nav.getByRole('link', { name: /^Messagerie/ });
  await expect(messagerie.locator('[data-badge="messagerie"]')).toHaveText('2');
  await messagerie.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Sections de la messagerie' });
  await expect(tabs.getByRole('link', { name: 'Conversations' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: /Envois en échec/ }).click();
  await expect(page).toHaveURL(/\/admin\/messages\/envois$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Envois en échec' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /Envois en échec/ })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: /Envois en échec/ })).toContainText('2');

  const summary = page.getByRole('region', { name: 'État des envois' });
  await expect(summary.getByRole('definition').first()).toHaveText('2');
  const list = page.getByRole('list', { name: 'Envois en échec' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const awaRow = page.locator('article', { hasText: '+237 6 9' }).filter({ hasText: 'Bonne nouvelle Awa' });
  const paulRow = page.locator('article').filter({ hasText: 'Bonne nouvelle Paul' });
  await expect(awaRow).toContainText('SMS');
  await expect(awaRow).toContainText('Numéro hors des pays autorisés pour les SMS');
  await expect(awaRow).toContainText('Destinataire sans compte');
  await expect(awaRow).toContainText('1 essai(s)');
  await expect(awaRow).toContainText(/En échec depuis le \d\d\/\d\d\/\d{4}/);
  await expect(page.getByText('2 envoi(s) en échec')).toBeVisible();
  await shot(page, testInfo, 'list');
  await expectNoAxeViolations(page, 'failed sends');

  // The channel filter: no failed e-mail.
  await page.getByRole('button', { name: 'E-mail', exact: true }).click();
  await expect(page).toHaveURL(/channel=email/);
  await expect(page.getByText('Aucun envoi en échec ne correspond à cette recherche')).toBeVisible();
  await page.getByRole('button', { name: 'SMS', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // 'Renvoyer' with the keyboard: the message leaves the list, the focus goes to the next one.
  await awaRow.getByRole('button', { name: 'Renvoyer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Le message repart : il sera envoyé dans la minute')).toBeVisible();
  await expect(awaRow).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(paulRow.getByRole('button', { name: 'Renvoyer' })).toBeFocused();
  await expect(summary.getByRole('definition').first()).toHaveText('1');
  await shot(page, testInfo, 'after-retry');

  // The retry loop delivers it now that Cameroon is allowed again.
  expect(await smsDelivered(awa.phone)).toContain('Bonne nouvelle Awa');

  // 'Supprimer' asks first, then the list is empty.
  await paulRow.getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer cet envoi' });
  await expect(dialog).toContainText('Supprimer cet envoi à +237 6 7');
  await expectNoAxeViolations(page, 'failed sends, delete dialog');
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Message supprimé : il ne sera pas envoyé')).toBeVisible();
  await page.getByRole('button', { name: 'Tous', exact: true }).click();
  await expect(page.getByText('Aucun envoi en échec', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tout renvoyer' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: /Envois en échec/ })).toHaveText('Envois en échec');
  await shot(page, testInfo, 'empty');
  await expectNoAxeViolations(page, 'failed sends, empty');

  // The server agrees: nothing failed any more.
  const after = await api.get('/api/admin/outbox/summary', { headers: { authorization: `Bearer ${token}` } });
  expect(await after.json()).toMatchObject({ failed: 0 });
});
