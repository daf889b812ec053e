import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { formsShownEarlier } from '../../fixtures/form-token';
import { shotsIn } from '../../fixtures/shots';
import { loginAs, loginAsSuperadmin, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { codeFromOutbox } from '../../fixtures/outbox';

const shot = shotsIn('referrals', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';

const randomPhone = () => `+2376${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const freshIp = () =>
  `10.${13 + Math.floor(Math.random() * 10)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A verified account (phone and e-mail), registered and confirmed through the API. */
async function verifiedAccount(request: APIRequestContext, testInfo: TestInfo, extra: Record<string, string> = {}) {
  const username = `parrain_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  const phone = randomPhone();
  const registration = await request.post('/api/users/register', {
    data: {
      username,
      email,
      phone,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Fanta',
      lastName: 'Njoya',
      ...extra,
    },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(registration.status(), await registration.text()).toBe(201);
  const verified = await request.post('/api/users/verify-otp', {
    data: { phone, otp: await codeFromOutbox(phone, 'sms') },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  // The e-mail too: an unverified e-mail finds no account at sign-in (decision 021).
  const emailVerified = await request.post('/api/users/verify-otp', {
    data: { email, otp: await codeFromOutbox(email) },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(emailVerified.status(), await emailVerified.text()).toBe(200);
  return { username, email, phone };
}

async function myReferral(request: APIRequestContext, token: string) {
  const response = await request.get('/api/referral/me', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { user: { plan: string }; referral: { code: string; link: string; signups: number } };
}

/** A row of a paged table (from 768 px) or its card (on phones), holding `text`. */
function item(page: Page, text: string) {
  return page.locator('tbody tr:visible, [data-card]:visible').filter({ hasText: text });
}

/** On a phone the sidebar is a drawer behind the menu button. */
async function openNav(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.getByRole('button', { name: /Ouvrir le menu/ }).click();
  return page.getByRole('navigation', { name: /Navigation du back-office/ });
}

/** A visitor (no session) opens the shared link and joins the waiting list from the landing page. */
/** An administrator approves the waiting-list entry of this phone: only then does it count (decision 021). */
async function approveEntry(request: APIRequestContext, phone: string) {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const found = await request.get(`/api/admin/waitlist?search=${encodeURIComponent(phone)}`, { headers });
  const [entry] = ((await found.json()) as { items: { _id: string }[] }).items;
  expect(entry).toBeDefined();
  expect((await request.post(`/api/admin/waitlist/${entry?._id}/approve`, { headers })).ok()).toBe(true);
}

async function visitorJoins(browser: Browser, link: string, testInfo: TestInfo): Promise<string> {
  const context = await browser.newContext({ viewport: testInfo.project.use.viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  // The server refuses a form sent faster than a person fills it: the form counts as shown earlier.
  await formsShownEarlier(page);
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Inscription sur la liste d’attente' });
  await form.getByLabel('Nom complet').fill('Visiteur Invité');
  const phone = randomPhone();
  await form.getByLabel('Téléphone').fill(phone);
  await form.getByRole('button', { name: "Je m'inscris" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Merci de votre intérêt' })).toBeVisible();
  await context.close();
  return phone;
}

test('a user copies their link, a visitor opens it and joins, the count rises on Mon compte and Parrainage', async ({
  page,
  browser,
  request,
  context,
}, testInfo) => {
  const account = await verifiedAccount(request, testInfo);
  const token = await loginAs(page, request, account.email, PASSWORD);
  const { referral } = await myReferral(request, token);
  expect(referral.link).toMatch(new RegExp(`/\\?ref=${referral.code}$`));

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/mon-compte');
  await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
  await expect(page.getByText('Fanta Njoya')).toBeVisible();
  await expect(page.getByLabel('Votre lien de parrainage')).toHaveValue(referral.link);
  const whatsapp = page.getByRole('link', { name: 'Partager sur WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(referral.link)}`));
  await page.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié !')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(referral.link);
  const signups = page.locator('[data-figure="Inscriptions"]');
  await expect(signups).toHaveText('0');
  await expectNoAxeViolations(page, 'Mon compte');
  await shot(page, testInfo, 'mon-compte-before');

  await approveEntry(request, await visitorJoins(browser, copied, testInfo));

  await expect(async () => {
    await page.reload();
    await expect(signups).toHaveText('1', { timeout: 1000 });
    await expect(page.locator('[data-figure="Clics sur votre lien"]')).toHaveText('1', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await shot(page, testInfo, 'mon-compte-after');

  // The superadmin sees the referrer on 'Parrainage'.
  const admin = await browser.newPage({ viewport: testInfo.project.use.viewport });
  await loginAsSuperadmin(admin, request);
  await admin.goto('/admin');
  await (await openNav(admin)).getByRole('link', { name: 'Parrainage' }).click();
  await expect(admin.getByRole('heading', { name: 'Parrainage', level: 1 })).toBeVisible();
  const row = item(admin, account.email);
  await expect(row.locator('[data-column="signups"]')).toHaveText('1');
  await expect(row.locator('[data-column="clicks"]')).toHaveText('1');
  await expect(admin.getByText(/Page 1 sur \d+/)).toBeVisible();
  await expectNoAxeViolations(admin, 'Parrainage');
  await shot(admin, testInfo, 'parrainage');
  await admin.close();
});

test('an admin creates a rule with threshold 1, the grant appears in Récompenses and is marked granted', async ({
  page,
  request,
}, testInfo) => {
  const account = await verifiedAccount(request, testInfo);
  const userToken = (
    await (await request.post('/api/users/login', { data: { identifier: account.email, password: PASSWORD } })).json()
  ).token as string;
  const { referral } = await myReferral(request, userToken);
  const friendPhone = randomPhone();
  const joined = await request.post('/api/waitlist', {
    data: { name: 'Ami Invité', phone: friendPhone, ref: referral.code },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(joined.status()).toBe(201);
  await approveEntry(request, friendPhone);

  await loginAsSuperadmin(page, request);
  await page.goto('/admin/reward-rules');
  await expect(page.getByRole('heading', { name: 'Règles Récompense', level: 1 })).toBeVisible();
  const ruleName = `Premier ami ${testInfo.project.name} ${randomBytes(2).toString('hex')}`;
  await page.getByRole('button', { name: 'Nouvelle règle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle règle' });
  await dialog.getByLabel('Nom', { exact: true }).fill(ruleName);
  await dialog.getByLabel('Type', { exact: true }).selectOption('premium_days');
  await dialog.getByLabel('Description', { exact: true }).fill('Une semaine premium dès le premier ami.');
  await dialog.getByLabel('Nombre minimum d’inscriptions').fill('1');
  await dialog.getByLabel('Valeur', { exact: true }).fill('7');
  await expectNoAxeViolations(page, 'Règle dialog');
  await shot(page, testInfo, 'regle-dialog');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Règle enregistrée')).toBeVisible();
  await expect(dialog).toBeHidden();
  const rule = item(page, ruleName);
  await expect(rule).toContainText('Oui');
  await expect(rule).toContainText('7 jours premium');
  await expectNoAxeViolations(page, 'Règles Récompense');
  await shot(page, testInfo, 'regles');

  await (await openNav(page)).getByRole('link', { name: 'Récompenses', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Récompenses', level: 1 })).toBeVisible();
  const grant = item(page, account.email).filter({ hasText: ruleName });
  await expect(grant).toContainText('En attente');
  await expectNoAxeViolations(page, 'Récompenses');
  await grant.getByRole('button', { name: 'Marquer accordée' }).click();
  await expect(page.getByText('Récompense accordée')).toBeVisible();
  await expect(grant).toContainText('Accordée');
  await expect(grant.getByRole('button', { name: 'Marquer accordée' })).toHaveCount(0);
  await shot(page, testInfo, 'recompenses');

  // Seven premium days really delivered.
  expect((await myReferral(request, userToken)).user.plan).toBe('premium');

  // The rule can be switched off: 'Non' in the table.
  await page.goto('/admin/reward-rules');
  const ruleItem = item(page, ruleName);
  await ruleItem.getByRole('button', { name: 'Désactiver' }).click();
  await expect(page.getByText('Règle désactivée')).toBeVisible();
  await expect(ruleItem).toContainText('Non');
  await expect(ruleItem.getByRole('button', { name: 'Activer' })).toBeVisible();
});

test('a pending administrator signs in and lands on Mon compte, told it waits for validation', async ({
  page,
  request,
}, testInfo) => {
  const account = await verifiedAccount(request, testInfo, { adminType: 'admin' });
  await page.goto('/GetStarted');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/mon-compte');
  await expect(page.getByText('Connexion réussie !')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Votre compte administrateur est en attente de validation' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Mon compte (administrateur en attente)');
  await shot(page, testInfo, 'mon-compte-admin-en-attente');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
