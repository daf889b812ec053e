import { type APIRequestContext, type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import { SUPERADMIN } from '@app/test-utils/server';
import { superadminToken } from '../../fixtures/auth';
import { registerVerified } from '../../fixtures/accounts';
import { codeFromOutbox } from '../../fixtures/outbox';

const shot = shotsIn('admins', { fullPage: false });
const PASSWORD = 'Nouvel-Admin-42!';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Signs up as an administrator the way /GetStarted does (POST /api/users/register with adminType), then verifies. */
async function signUpAdmin(request: APIRequestContext, id: string) {
  const email = `nadia.${id}@example.cm`;
  await registerVerified(request, {
    username: `nadia_${id}`,
    email,
    password: PASSWORD,
    firstName: 'Nadia',
    lastName: `Essomba ${id}`,
    adminType: 'admin',
  });
  return { email, name: `Nadia Essomba ${id}` };
}

async function createAdminByApi(request: APIRequestContext, id: string, permissions: string[] = []) {
  const token = await superadminToken(request);
  const email = `paul.${id}@example.cm`;
  const response = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Paul', lastName: `Biya ${id}`, email, password: PASSWORD, permissions, role: 'admin' },
  });
  expect(response.status()).toBe(201);
  return { email, name: `Paul Biya ${id}`, id: (await response.json()).user._id as string, token };
}

const detail = (page: Page) => page.locator('section[aria-labelledby="admin-detail-title"]');

/** Signs the page in as the superadmin with one token per worker (sign-ins are rate limited per account). */
async function openAdministration(page: Page, request: APIRequestContext) {
  const token = await superadminToken(request);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  await page.goto('/admin/administration');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
}

/** Searches and opens an administrator; from an open detail, goes back to the list first (phones show one at a time). */
async function selectAdmin(page: Page, email: string) {
  const back = detail(page).getByRole('button', { name: /^(Retour|Back)$/ });
  if (await back.isVisible()) await back.click();
  await page.getByRole('searchbox').fill(email);
  const row = page.locator('button[data-admin-id]', { hasText: email });
  await expect(row).toHaveCount(1);
  await row.click();
  return row;
}

/** A second browser, for the new administrator, at the same size as the test's page. */
async function secondBrowserPage(browser: Browser, page: Page) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() });
  return { other: await context.newPage(), context };
}

/** Signs up on /GetStarted asking for an admin account, and enters the code from the outbox. */
async function signUpAdminInBrowser(other: Page, id: string) {
  const email = `nadia.${id}@example.cm`;
  await other.goto('/GetStarted');
  await other.getByRole('tab', { name: "S'inscrire" }).click();
  await other.getByLabel('Prénom').fill('Nadia');
  await other.getByLabel('Nom', { exact: true }).fill(`Essomba ${id}`);
  await other.getByRole('textbox', { name: "Nom d'utilisateur" }).fill(`nadia_${id}`);
  await other.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await other.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await other.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await other.getByLabel(/Type de compte administrateur/).selectOption('admin');
  await other.getByRole('button', { name: "S'inscrire" }).click();
  await expect(other.getByRole('heading', { name: 'Vérification du compte' })).toBeVisible();
  const code = await codeFromOutbox(email);
  await other.getByRole('textbox', { name: 'Chiffre 1 sur 6' }).click();
  // The sixth digit verifies, no tap on 'Vérifier' (issue 25 item 9).
  await other.keyboard.type(code);
  await expect(other.getByText('Compte vérifié avec succès!', { exact: false })).toBeVisible();
  return { email, name: `Nadia Essomba ${id}` };
}

test('a new administrator waits, is approved with manage_events only, sees only its entries, then is blocked and cut off', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const id = unique(testInfo);
  const { other, context } = await secondBrowserPage(browser, page);
  const admin = await signUpAdminInBrowser(other, id);

  await openAdministration(page, request);
  await page.getByLabel('Rechercher un administrateur').fill(admin.email);
  await page.getByRole('button', { name: /En attente/ }).click();
  await expect(page.getByRole('button', { name: /En attente/ })).toHaveAttribute('aria-pressed', 'true');
  const row = page.locator('button[data-admin-id]', { hasText: admin.email });
  await expect(row).toContainText('EN ATTENTE');
  await row.click();
  await expect(detail(page).getByRole('heading', { name: admin.name })).toBeVisible();
  await expect(detail(page)).toContainText('EN ATTENTE');
  await shot(page, testInfo, 'pending-detail');

  // Approve with manage_events only.
  const checklist = detail(page);
  await checklist.getByLabel(/Gérer les évènements/).check();
  await checklist.getByRole('button', { name: 'APPROUVER' }).click();
  await expect(page.getByText('Administrateur approuvé')).toBeVisible();
  await expect(detail(page)).toContainText('VALIDÉ');
  await expect(checklist.getByLabel(/Gérer les évènements/)).toBeChecked();
  await expect(checklist.getByLabel(/Gérer les utilisateurs/)).not.toBeChecked();
  await expect(detail(page).getByText(/a approuvé/)).toBeVisible();

  // The approved admin signs in on /GetStarted and lands in the back office.
  await expect(other.getByRole('tab', { name: 'Se Connecter' })).toHaveAttribute('aria-selected', 'true');
  await other.getByRole('textbox', { name: 'E-mail', exact: true }).fill(admin.email);
  await other.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Se connecter' }).click();
  await other.waitForURL((url) => url.pathname.startsWith('/admin'));
  const token = await other.evaluate(() => window.localStorage.getItem('token'));
  const entries = other.locator('#admin-sidebar a[data-nav]');
  await expect(entries.first()).toBeAttached();
  expect(await entries.evaluateAll((links) => links.map((link) => link.getAttribute('data-nav')))).toEqual([
    'accueil',
    'evenements',
  ]);
  await expect(other.locator('#admin-sidebar')).toContainText('Accueil');
  await expect(other.locator('#admin-sidebar')).toContainText('Évènements');
  await shot(other, testInfo, 'limited-admin-home');

  // The superadmin blocks it: its open session is refused at once.
  await detail(page).getByRole('button', { name: 'Bloquer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Ses sessions ouvertes sont fermées immédiatement');
  await shot(page, testInfo, 'block-confirm');
  await dialog.getByRole('button', { name: 'Bloquer', exact: true }).click();
  await expect(page.getByText('Administrateur bloqué')).toBeVisible();
  await expect(detail(page)).toContainText('BLOQUÉ');
  await expect(detail(page).getByRole('button', { name: 'Débloquer' })).toBeVisible();
  await expect(row).toHaveCount(0); // the 'En attente' filter no longer holds it

  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await other.goto('/admin/events');
  await other.waitForURL(/\/GetStarted/);
  await context.close();

  await expect(detail(page).getByText(/a bloqué/)).toBeVisible();
  await shot(page, testInfo, 'blocked-detail');
  await detail(page).getByRole('button', { name: 'Retour' }).click();
  await page.getByRole('button', { name: /Bloqués/ }).click();
  await expect(page.locator('button[data-admin-id]', { hasText: admin.email })).toContainText('BLOQUÉ');
  await shot(page, testInfo, 'blocked-list');
});

test('adding an administrator: required fields, success toast, and a taken e-mail', async ({ page, request }, testInfo) => {
  const id = unique(testInfo);
  await openAdministration(page, request);
  await page.getByRole('button', { name: '+ Ajouter un administrateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un administrateur' });
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog.getByText('Le prénom est requis')).toBeVisible();
  await expect(dialog.getByText('Le nom est requis')).toBeVisible();
  await expect(dialog.getByText('L’adresse e-mail est requise')).toBeVisible();
  await expect(dialog.getByText('Le mot de passe est requis')).toBeVisible();

  const email = `marie.${id}@example.cm`;
  await dialog.getByLabel('Prénom').fill('Marie');
  await dialog.getByLabel(/^Nom/).fill(`Ngo ${id}`);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await dialog.getByLabel(/Gérer les partenaires/).check();
  await shot(page, testInfo, 'add-dialog');
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByText('Administrateur ajouté avec succès !')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(detail(page).getByRole('heading', { name: `Marie Ngo ${id}` })).toBeVisible();
  await expect(detail(page)).toContainText('VALIDÉ');
  await expect(detail(page).getByLabel(/Gérer les partenaires/)).toBeChecked();

  await page.getByRole('button', { name: '+ Ajouter un administrateur' }).click();
  await dialog.getByLabel('Prénom').fill('Marie');
  await dialog.getByLabel(/^Nom/).fill('Double');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Erreur lors de la création');
  await expect(dialog.getByRole('alert')).toContainText('Cette adresse e-mail est déjà utilisée');
  await expect(dialog).toBeVisible();
});

test('revoking asks first and says it cannot be undone; unblocking returns to EN ATTENTE; nothing for a superadmin', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const doomed = await createAdminByApi(request, `${id}a`, ['manage_events']);
  const blocked = await createAdminByApi(request, `${id}b`);
  await request.put(`/api/users/${blocked.id}/block`, { headers: { authorization: `Bearer ${blocked.token}` } });

  await openAdministration(page, request);
  await selectAdmin(page, doomed.email);
  await detail(page).getByRole('button', { name: 'Révoquer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Révoquer ${doomed.name} ?`);
  await expect(dialog).toContainText('Cette action est irréversible.');
  await shot(page, testInfo, 'revoke-confirm');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await detail(page).getByRole('button', { name: 'Révoquer', exact: true }).click();
  await dialog.getByRole('button', { name: 'Révoquer définitivement' }).click();
  await expect(page.getByText('Administrateur révoqué')).toBeVisible();
  await expect(page.getByText('Aucun administrateur trouvé')).toBeVisible();

  await selectAdmin(page, blocked.email);
  await expect(detail(page)).toContainText('BLOQUÉ');
  await detail(page).getByRole('button', { name: 'Débloquer' }).click();
  await expect(page.getByText('Administrateur débloqué')).toBeVisible();
  await expect(detail(page)).toContainText('EN ATTENTE');
  await expect(detail(page).getByRole('button', { name: 'APPROUVER' })).toBeVisible();

  await selectAdmin(page, SUPERADMIN.email);
  await expect(detail(page)).toContainText('Un superadmin détient toutes les permissions.');
  await expect(detail(page).getByRole('button', { name: 'Révoquer', exact: true })).toHaveCount(0);
  await expect(detail(page).getByRole('button', { name: 'Bloquer', exact: true })).toHaveCount(0);
  await expect(detail(page).getByRole('checkbox').first()).toBeDisabled();

  // Back returns to the list (the only view on a phone).
  await detail(page).getByRole('button', { name: 'Retour' }).click();
  await expect(detail(page)).toHaveCount(0);
  await expect(page.locator('button[data-admin-id]', { hasText: SUPERADMIN.email })).toBeFocused();
});

test('the list and the approval show the errors of the spec', async ({ page, request }, testInfo) => {
  const id = unique(testInfo);
  const pending = await signUpAdmin(request, id);
  await openAdministration(page, request);
  await selectAdmin(page, pending.email);
  await page.route('**/api/users/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { message: 'Erreur interne du serveur', code: 'INTERNAL_ERROR' } })
      : route.fallback(),
  );
  await detail(page).getByRole('button', { name: 'APPROUVER' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erreur lors de la validation' })).toBeVisible();
  await expect(detail(page)).toContainText('EN ATTENTE');

  await page.route('**/api/users?*', (route) =>
    route.fulfill({ status: 500, json: { message: 'Erreur interne du serveur', code: 'X' } }),
  );
  await page.goto('/admin/administration');
  await expect(page.getByText('Erreur lors de la récupération des administrateurs')).toBeVisible({ timeout: 20_000 });
  await shot(page, testInfo, 'list-error');
});

test('the list and the detail fit the screen, without sideways scrolling', async ({ page, request }, testInfo) => {
  await createAdminByApi(request, `${unique(testInfo)}-un-nom-de-famille-vraiment-tres-long`);
  await openAdministration(page, request);
  await expect(page.locator('button[data-admin-id]').first()).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBe(0);
  await shot(page, testInfo, 'list');
  await page.locator('button[data-admin-id]').first().focus();
  await page.keyboard.press('Enter');
  await expect(detail(page).getByRole('heading', { level: 2 })).toBeFocused();
  expect(await overflow()).toBe(0);
  await shot(page, testInfo, 'detail');
  await page.getByRole('button', { name: '+ Ajouter un administrateur' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await overflow()).toBe(0);
});

test('the screen follows the back office language', async ({ page, request }, testInfo) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await openAdministration(page, request);
  await expect(page.getByRole('button', { name: '+ Add an administrator' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approved/ })).toBeVisible();
  await selectAdmin(page, SUPERADMIN.email);
  await expect(detail(page)).toContainText('APPROVED');
  await expect(detail(page)).toContainText('A superadmin holds every permission.');
  await expect(detail(page).getByRole('heading', { name: 'Recent actions' })).toBeVisible();
  await shot(page, testInfo, 'english');
});
