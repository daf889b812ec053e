import { randomInt, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs, loginAsSuperadmin, test } from '../../fixtures/auth';
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

/** A new administrator holding only manage_transactions, 'Tatiana Caisse', signed in on `page`. */
async function signInAsCashier(page: Page, request: APIRequestContext, superToken: string, testInfo: TestInfo) {
  const email = `tx-${unique(testInfo)}@e2e.local`;
  const password = 'Transactions-42!';
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${superToken}` },
    data: { firstName: 'Tatiana', lastName: 'Caisse', email, password, permissions: ['manage_transactions'], role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await loginAs(page, request, email, password);
}

test('an admin holding only manage_transactions opens Transactions, filters it and exports it', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  await signInAsCashier(page, request, superToken, testInfo);
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
  await page.getByLabel('Rechercher un paiement').fill(`Personne ${unique(testInfo)}`);
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

/** A fresh verified payer who asks to pay a month with an MTN number; the payment's reference. */
async function monthRequested(request: APIRequestContext, testInfo: TestInfo): Promise<{ id: string; reference: string }> {
  const username = `txpay_${unique(testInfo)}`;
  const email = `${username}@example.cm`;
  const password = 'Mango-Tree-2025';
  await registerVerified(request, { username, email, password, firstName: 'Ebénézer', lastName: 'Ngando' });
  const login = await request.post('/api/users/login', { data: { identifier: email, password } });
  const { token } = (await login.json()) as { token: string };
  const phone = `+23767${randomInt(0, 10)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  const started = await request.post('/api/payments', {
    headers: { authorization: `Bearer ${token}` },
    data: { plan: 'monthly', phone, operator: 'mtn', idempotencyKey: randomUUID() },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { payment } = (await started.json()) as { payment: { _id: string; reference: string } };
  return { id: payment._id, reference: payment.reference };
}

/** The dashboard's 'Revenu mensuel', in FCFA. */
async function monthlyRevenue(page: Page): Promise<number> {
  await page.goto('/admin');
  const value = page.locator('[data-card="monthlyRevenue"] [data-value]');
  await expect(value).toBeVisible();
  return Number((await value.textContent())?.replace(/\D/g, ''));
}

test('a month approved on the MTN emulator raises the revenue; manage_transactions finds it, checks it and refunds it', async ({
  page,
  browser,
  context,
  request,
  superToken,
}, testInfo) => {
  test.setTimeout(120_000);
  // The dashboard's revenue, as the superadmin sees it (this admin's home shows its modules only).
  const dashboard = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
  await loginAsSuperadmin(dashboard, request);
  await signInAsCashier(page, request, superToken, testInfo);
  const before = await monthlyRevenue(dashboard);

  // The payer approves on the phone: the MTN emulator's page.
  const payment = await monthRequested(request, testInfo);
  const phone = await context.newPage();
  await phone.goto('/emulateurs/mtn-momo/');
  const prompt = phone.locator('section').filter({ hasText: payment.reference });
  await prompt.getByRole('button', { name: 'Approuver' }).click();
  await expect(phone.locator('section').filter({ hasText: payment.reference })).toHaveCount(0);
  await phone.close();

  // Other payments may land meanwhile, never a refund: the month's revenue grows by at least this one.
  await expect.poll(() => monthlyRevenue(dashboard), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 2000);
  await dashboard.context().close();

  await page.goto('/admin/transactions');
  await page.getByLabel('Rechercher un paiement').fill(payment.reference);
  const row = page.locator(`[data-transaction-id="${payment.id}"]`);
  await expect(page.locator('[data-transaction-id]')).toHaveCount(1);
  await expect(row).toContainText('Réussi');
  await row.click();
  const detail = page.locator('section[aria-labelledby="transaction-detail-title"]');
  await expect(detail.getByRole('heading', { name: payment.reference })).toBeVisible();
  await expect(detail).toContainText('Ebénézer Ngando');

  // 'Vérifier le statut': MTN is asked again; the history names who asked.
  await detail.getByRole('button', { name: 'Vérifier le statut' }).click();
  await expect(page.getByText('Statut vérifié auprès de l’opérateur')).toBeVisible();
  const timeline = detail.getByTestId('transaction-timeline');
  await expect(timeline.locator('li').last()).toContainText('Statut vérifié par l’équipe');
  await expect(timeline.locator('li').last()).toContainText('par Tatiana Caisse');
  await shot(page, testInfo, 'detail-checked', { fullPage: true });
  await expectNoAxeViolations(page, 'transaction detail');

  // 'Rembourser': a reason is asked for, then MTN refunds and the selection's totals say so.
  await detail.getByRole('button', { name: 'Rembourser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rembourser ce paiement' });
  await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expect(dialog).toContainText('Motif requis (3 caractères au moins)');
  await shot(page, testInfo, 'refund-dialog');
  await expectNoAxeViolations(page, 'refund dialog');
  await dialog.getByLabel('Motif du remboursement').fill('Payé deux fois par erreur');
  await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Remboursement effectué par l’opérateur')).toBeVisible();
  await expect(detail.getByRole('heading', { name: payment.reference })).toBeVisible();
  await expect(timeline.locator('li').last()).toContainText('motif : Payé deux fois par erreur');
  await expect(row).toContainText('Remboursé');
  await expect(page.getByTestId('transaction-totals')).toContainText('remboursé 2\u202f000\u00a0FCFA · net 0\u00a0FCFA');
  await expect(detail.getByRole('button', { name: 'Rembourser' })).toHaveCount(0);
  await shot(page, testInfo, 'refunded', { fullPage: true });
});
