import { expect, type Page, type TestInfo } from '@playwright/test';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

const shot = shotsIn('transactions', { noSidewaysScroll: true });

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** On a phone the sidebar is a drawer behind the menu button. */
async function openNav(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: /Ouvrir le menu|Open the menu/ }).click();
  }
  return page.getByRole('navigation', { name: /Navigation du back-office|Back-office navigation/ });
}

test('an admin holding only manage_transactions opens Transactions, filters it and exports it', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  const tag = unique(testInfo);
  const email = `tx-${tag}@e2e.local`;
  const password = 'Transactions-42!';
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${superToken}` },
    data: { firstName: 'Tatiana', lastName: 'Caisse', email, password, permissions: ['manage_transactions'], role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await loginAs(page, request, email, password);
  await page.goto('/admin');
  const nav = await openNav(page);
  await expect(nav.getByRole('link')).toHaveText([/Accueil$/, /Transactions$/]);
  await nav.getByRole('link', { name: 'Transactions', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  const totals = page.getByTestId('transaction-totals');
  await expect(totals).toContainText('paiement(s) réussi(s)');
  await shot(page, testInfo, 'list');
  await expectNoAxeViolations(page, 'transactions list');

  // Filters go to the URL and to the server; a search that finds nothing says so, totals at zero.
  await page.getByLabel('Statut').selectOption('refunded');
  await page.getByLabel('Opérateur').selectOption('orange');
  await page.getByLabel('Formule').selectOption('yearly');
  await page.getByLabel('Période').selectOption('month');
  await page.getByLabel('Rechercher un paiement').fill(`Personne ${tag}`);
  await expect(page).toHaveURL(/status=refunded/);
  await expect(page).toHaveURL(/operator=orange/);
  await expect(page).toHaveURL(/period=month/);
  await expect(page.getByText('Aucun paiement trouvé')).toBeVisible();
  await expect(totals).toHaveText(
    /^0 paiement\(s\) réussi\(s\) · encaissé 0\u00a0FCFA · remboursé 0\u00a0FCFA · net 0\u00a0FCFA$/,
  );
  await shot(page, testInfo, 'filtered-empty');
  await expectNoAxeViolations(page, 'transactions filtered');

  // The CSV of that selection: the header line only.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);

  // The same screen in English.
  await page.goto('/admin/transactions');
  const navAgain = await openNav(page);
  await navAgain.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByLabel('Search a payment')).toBeVisible();
  await expect(totals).toContainText('successful payment(s)');
  await expectNoAxeViolations(page, 'transactions in English');
  await shot(page, testInfo, 'list-en');
});
