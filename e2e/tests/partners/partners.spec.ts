import { type APIRequestContext, expect, type TestInfo } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';

const shot = shotsIn('partners', { fullPage: false });
const PASSWORD = 'Partenaires-42!';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** An administrator account holding only the given permissions, created by the superadmin. */
async function createAdmin(request: APIRequestContext, token: string, email: string, firstName: string, permissions: string[]) {
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName, lastName: 'E2E', email, password: PASSWORD, permissions, role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
}

test('an admin with manage_partners creates a partner (errors first), verifies it, adds and removes an authorised user', async ({
  page,
  request,
  superToken: token,
}, testInfo) => {
  const id = unique(testInfo);
  const managerEmail = `partners-${id}@e2e.local`;
  const memberEmail = `membre-${id}@e2e.local`;
  await createAdmin(request, token, managerEmail, 'Prisca', ['manage_partners']);
  await createAdmin(request, token, memberEmail, `Moïse${id}`, []);
  await loginAs(page, request, managerEmail, PASSWORD);

  await page.goto('/admin/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Partenaires' })).toBeVisible();
  await page.getByLabel('Rechercher un partenaire').fill(`introuvable-${id}`);
  await expect(page.getByText('Aucun partenaire trouvé')).toBeVisible();
  await page.getByLabel('Rechercher un partenaire').fill('');
  await expectNoAxeViolations(page, 'partners list');
  await shot(page, testInfo, 'list');

  // The dialog: errors first, on their fields, in French.
  await page.getByRole('button', { name: 'Ajouter un partenaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un partenaire' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog.getByText('Le nom est requis')).toBeVisible();
  await expect(dialog.getByText('Le type est requis')).toBeVisible();
  await expect(dialog.getByText('L’adresse e-mail est requise')).toBeVisible();
  await expect(dialog.getByLabel(/^Nom/)).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(/^Nom/).fill(`Brasserie Étoile ${id}`);
  await dialog.getByLabel(/^Type/).selectOption({ label: 'Entreprise' });
  await dialog.getByLabel(/^E-mail/).fill('pas-un-email');
  await dialog.getByLabel(/^Site web/).fill('pas une url');
  await dialog.getByLabel(/^Téléphone/).fill('12');
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog.getByText('Adresse e-mail invalide')).toBeVisible();
  await expect(dialog.getByText('Le site web doit être une URL valide (https://…)')).toBeVisible();
  await expect(dialog.getByText('Numéro de téléphone invalide')).toBeVisible();
  await expect(dialog.getByText('Le nom est requis')).toHaveCount(0);
  await expectNoAxeViolations(page, 'add partner dialog with errors');
  await shot(page, testInfo, 'dialog-errors');

  await dialog.getByLabel(/^E-mail/).fill(`contact-${id}@etoile.cm`);
  await dialog.getByLabel(/^Site web/).fill('https://etoile.cm');
  await dialog.getByLabel(/^Téléphone/).fill('677 12 34 56');
  await dialog.getByLabel(/^Adresse/).fill('Akwa, Douala');
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The new partner opens: pending, not verified, phone in E.164.
  const detail = page.getByRole('region', { name: `Brasserie Étoile ${id}` });
  await expect(detail.getByRole('heading', { name: `Brasserie Étoile ${id}` })).toBeVisible();
  await expect(detail.getByText('En attente')).toBeVisible();
  await expect(detail.getByText('+237 6 77 12 34 56')).toBeVisible();
  await expect(detail.getByText(/^✓\s*Vérifié$/)).toHaveCount(0);
  if (testInfo.project.name === 'mobile') {
    // 360 px: the detail replaces the list.
    await expect(page.getByLabel('Rechercher un partenaire')).toBeHidden();
  } else {
    // 1280 px: side by side, the new partner in the list.
    await expect(page.locator(`button[data-partner-id]`, { hasText: `Brasserie Étoile ${id}` })).toBeVisible();
  }

  await detail.getByRole('button', { name: 'Vérifier' }).click();
  await expect(detail.getByText('Actif', { exact: true })).toBeVisible();
  await expect(detail.getByText(/^✓\s*Vérifié$/)).toBeVisible();
  await expectNoAxeViolations(page, 'partner detail');
  await shot(page, testInfo, 'detail-verified');

  // 'Modifier' opens the edit form (loaded when first opened) with the partner's values.
  await detail.getByRole('button', { name: 'Modifier', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le partenaire' });
  await expect(edit.getByLabel(/^Nom/)).toHaveValue(`Brasserie Étoile ${id}`);
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await expect(edit).toBeHidden();

  // Utilisateurs: add by e-mail, then remove with confirmation.
  const usersTab = detail.getByRole('tab', { name: /Utilisateurs/ });
  await expect(usersTab).toHaveText(/Utilisateurs\s*0/);
  await usersTab.click();
  await expect(detail.getByText('Aucun utilisateur autorisé')).toBeVisible();
  await detail.getByLabel('Ajouter un utilisateur autorisé').fill('personne@nulle.part');
  await detail.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(detail.getByText('Aucun compte ne correspond à cet identifiant')).toBeVisible();
  await detail.getByLabel('Ajouter un utilisateur autorisé').fill(memberEmail.toUpperCase());
  await detail.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(detail.getByText(`Moïse${id} E2E`)).toBeVisible();
  await expect(usersTab).toHaveText(/Utilisateurs\s*1/);
  await expect(detail.getByText('Aucun compte ne correspond à cet identifiant')).toHaveCount(0);
  await expectNoAxeViolations(page, 'authorised users');
  await shot(page, testInfo, 'users');

  await detail.getByRole('button', { name: `Retirer Moïse${id} E2E` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirm).toContainText(`Retirer Moïse${id} E2E des utilisateurs autorisés ?`);
  await shot(page, testInfo, 'remove-confirm');
  await confirm.getByRole('button', { name: 'Retirer' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText('Aucun utilisateur autorisé')).toBeVisible();
  await expect(usersTab).toHaveText(/Utilisateurs\s*0/);

  await detail.getByRole('tab', { name: 'Activités' }).click();
  await expect(detail.getByRole('tabpanel')).toContainText(`Utilisateur autorisé retiré : Moïse${id} E2E`);
  await expect(detail.getByRole('tabpanel')).toContainText('Partenaire vérifié');
  await expect(detail.getByRole('tabpanel')).toContainText('Partenaire créé');
  await shot(page, testInfo, 'activities');

  // The filters find it: verified, active, business.
  if (testInfo.project.name === 'mobile') await detail.getByRole('button', { name: 'Retour' }).click();
  await page.getByLabel('Rechercher un partenaire').fill(`etoile ${id}`);
  await page.getByLabel('Vérification', { exact: true }).selectOption('unverified');
  await expect(page.getByText('Aucun partenaire trouvé')).toBeVisible();
  await page.getByLabel('Vérification', { exact: true }).selectOption('verified');
  await page.getByLabel('Type', { exact: true }).selectOption('business');
  await page.getByLabel('Statut', { exact: true }).selectOption('active');
  await expect(page.locator('button[data-partner-id]')).toHaveCount(1);
  await shot(page, testInfo, 'filtered');
});
