import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import { loginAs } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { registerVerified } from '../../fixtures/accounts';
import { SUPERADMIN } from '@app/test-utils/server';

const shot = shotsIn('users');
const PASSWORD = 'Membre-Passw0rd-42!';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** A member of the app: registered, verified by the e-mailed code, signed in (its token). */
async function member(request: APIRequestContext, id: string, firstName: string, phoneDigits: string) {
  const email = `${firstName.toLowerCase()}.${id}@example.cm`;
  await registerVerified(request, {
    username: `${firstName.toLowerCase()}_${id}`,
    email,
    phone: `+2376${phoneDigits}`,
    password: PASSWORD,
    firstName,
    lastName: `Test ${id}`,
  });
  const login = await request.post('/api/users/login', { data: { identifier: email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const body = await login.json();
  return { email, name: `${firstName} Test ${id}`, token: body.token as string, id: body.user._id as string };
}

/** An administrator holding only manage_users, created by the superadmin. */
async function usersModerator(request: APIRequestContext, id: string) {
  const login = await request.post('/api/users/login', { data: { identifier: SUPERADMIN.email, password: SUPERADMIN.password } });
  const superToken = (await login.json()).token as string;
  const email = `moderatrice.${id}@example.cm`;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${superToken}` },
    data: {
      firstName: 'Modé',
      lastName: `Ratrice ${id}`,
      email,
      password: PASSWORD,
      permissions: ['manage_users'],
      role: 'admin',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { email };
}

const detail = (page: Page) => page.locator('section[aria-labelledby="user-detail-title"]');

test('an admin with only manage_users finds a reported user, reads the three tabs, blocks (session cut at once), unblocks, and clears the report', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const digits = String(70_000_000 + Math.floor(Math.random() * 9_999_999));
  const target = await member(request, id, 'Rodrigue', digits);
  const reporter = await member(request, id, 'Awa', String(50_000_000 + Math.floor(Math.random() * 9_999_999)));
  const reported = await request.post(`/api/users/${target.id}/reports`, {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { reason: 'harassment', details: 'Messages insistants après le concert.' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const moderator = await usersModerator(request, id);

  await loginAs(page, request, moderator.email, PASSWORD);
  await page.goto('/admin');
  // Only its entries; Signalements shows the open count.
  const signalements = page.locator('#admin-sidebar a[data-nav="signalements"]');
  await expect(signalements.locator('[data-badge="signalements"]')).toHaveText(/\d+/);
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.locator('#admin-sidebar a[data-nav="utilisateurs"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Utilisateurs' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Créer|Ajouter/ })).toHaveCount(0);

  await page.getByLabel('Signalements').selectOption('reported');
  await page.getByLabel('Rechercher un utilisateur').fill(`rodrigue test ${id}`);
  const row = page.locator('button[data-user-id]', { hasText: target.name });
  await expect(row).toHaveCount(1);
  await expect(page.locator('button[data-user-id]')).toHaveCount(1);
  const shown = `+237 6 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)}`;
  await expect(row).toContainText(shown);
  await expect(row).toContainText('Actif');
  await expect(row).toContainText('1 signalement(s)');
  await expect(row.locator('img')).toHaveAttribute('src', '/images/default-avatar.svg');
  await shot(page, testInfo, 'list');
  await expectNoAxeViolations(page, 'users list');
  await row.click();

  const panel = detail(page);
  await expect(panel.getByRole('heading', { name: target.name })).toBeVisible();
  if (testInfo.project.name === 'mobile') await expect(page.getByLabel('Rechercher un utilisateur')).toBeHidden();
  else await expect(page.getByLabel('Rechercher un utilisateur')).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Informations' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('tabpanel')).toContainText(target.email);
  await expect(panel.getByRole('tabpanel')).toContainText(shown);
  await shot(page, testInfo, 'detail-info');
  await expectNoAxeViolations(page, 'user detail');
  await panel.getByRole('tab', { name: 'Activités' }).click();
  await expect(panel.getByRole('tabpanel')).toContainText('Aucune activité récente');
  const reportsTab = panel.getByRole('tab', { name: /Signalements/ });
  await expect(reportsTab).toContainText('1');
  await reportsTab.click();
  await expect(panel.getByRole('tabpanel')).toContainText('Harcèlement');
  await expect(panel.getByRole('tabpanel')).toContainText('Messages insistants après le concert.');
  await expect(panel.getByRole('tabpanel')).toContainText(`Signalé par ${reporter.name}`);
  await shot(page, testInfo, 'detail-reports');

  // Block: the member's open session is refused at once.
  expect((await request.get('/api/users/me', { headers: { authorization: `Bearer ${target.token}` } })).status()).toBe(200);
  await panel.getByRole('button', { name: 'Bloquer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Ses sessions prennent fin immédiatement');
  await expectNoAxeViolations(page, 'block dialog');
  await dialog.getByRole('button', { name: 'Bloquer', exact: true }).click();
  await expect(page.getByText('Utilisateur bloqué')).toBeVisible();
  await expect(panel).toContainText('Bloqué');
  expect((await request.get('/api/users/me', { headers: { authorization: `Bearer ${target.token}` } })).status()).toBe(401);

  await panel.getByRole('button', { name: 'Débloquer' }).click();
  await expect(page.getByText('Utilisateur débloqué')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Bloquer', exact: true })).toBeVisible();
  await shot(page, testInfo, 'detail-unblocked');

  // Signalements: the report is in the queue; Classer takes it out.
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Signalements' })).toBeVisible();
  const item = page.locator('li[data-report-id]', { hasText: target.name });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(reporter.name);
  await expect(item).toContainText('Harcèlement');
  await shot(page, testInfo, 'queue');
  await expectNoAxeViolations(page, 'reports queue');
  await item.getByRole('button', { name: 'Classer' }).click();
  await expect(page.getByText('Signalement classé')).toBeVisible();
  await expect(item).toHaveCount(0);

  // The user is no longer listed as reported.
  await page.goto('/admin/users');
  await page.getByLabel('Signalements').selectOption('reported');
  await page.getByLabel('Rechercher un utilisateur').fill(`rodrigue test ${id}`);
  await expect(page.getByText('Aucun utilisateur trouvé')).toBeVisible();
});
