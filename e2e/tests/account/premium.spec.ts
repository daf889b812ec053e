import { randomBytes, randomInt } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test';
import { FAILURE_MESSAGES, NOT_A_CAMEROON_MOBILE } from '@app/shared/payments';
import { registerVerified } from '../../fixtures/accounts';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

/*
 * 'Premium' and the payment with Mobile Money (issue 28 items 1 and 4, decision 053): the plans at
 * the server's prices, the operator proposed from the number, 'Validez le paiement sur votre
 * téléphone' followed live while the payment waits on the MTN emulator's page (no provider keys:
 * the app mounts it at /emulateurs/mtn-momo/), then premium or the refusal's message.
 */

const shot = shotsIn('premium', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';

/** A fresh MTN number (67x), so the two projects' accounts never share one. */
const mtnNumber = () => `+23767${randomInt(0, 10)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** '+237677123456' as a person types it: '677 12 34 56'. */
const typed = (e164: string) => `${e164.slice(4, 7)} ${e164.slice(7, 9)} ${e164.slice(9, 11)} ${e164.slice(11)}`;

async function freshAccount(request: APIRequestContext, testInfo: TestInfo, phone?: string) {
  const username = `prem_${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: PASSWORD, firstName: 'Ngono', lastName: 'Mballa', phone });
  return email;
}

/** An event of the account, published, with one visit (so its statistics have a day and a source). */
async function eventOf(request: APIRequestContext, token: string): Promise<string> {
  const title = `Gala Premium ${randomBytes(2).toString('hex')}`;
  const body = eventBody(title, 72, {
    description: 'Une soirée pour les abonnés.',
    location: { address: 'Boulevard de la Liberté', city: 'Douala' },
  });
  const id = await publishedEvent(request, token, body);
  const ip = `10.${60 + randomInt(0, 10)}.${randomInt(0, 250)}.${1 + randomInt(0, 250)}`;
  const view = await request.post(`/api/events/${id}/views?src=whatsapp`, { headers: { 'x-forwarded-for': ip } });
  expect(view.ok(), await view.text()).toBe(true);
  return id;
}

/** The payment's reference, as the waiting screen shows it. */
async function referenceOf(page: Page): Promise<string> {
  const row = page
    .getByTestId('payment-waiting')
    .locator('dt', { hasText: 'Référence' })
    .locator('xpath=following-sibling::dd[1]');
  const reference = (await row.textContent())?.trim() ?? '';
  expect(reference).not.toBe('');
  return reference;
}

/** Answers the payment on the MTN emulator's page, in another tab, as the payer's phone would. */
async function answerOnEmulator(context: BrowserContext, reference: string, button: 'Approuver' | 'Refuser') {
  const emulator = await context.newPage();
  await emulator.goto('/emulateurs/mtn-momo/');
  const prompt = emulator.locator('section').filter({ hasText: reference });
  await expect(prompt).toHaveCount(1);
  await prompt.getByRole('button', { name: button }).click();
  await expect(emulator.locator('section').filter({ hasText: reference })).toHaveCount(0);
  await emulator.close();
}

test('a verified user buys a month with an MTN number, approves it on the emulator and becomes Premium', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = mtnNumber();
  const email = await freshAccount(request, testInfo, phone);
  const token = await loginAs(page, request, email, PASSWORD);
  const eventId = await eventOf(request, token);

  // From 'Mon compte', its Premium card.
  await page.goto('/mon-compte');
  await expect(page.getByTestId('premium-card')).toContainText('Vous utilisez la version gratuite.');
  await page.getByTestId('premium-card').getByRole('link', { name: 'Passer à Premium' }).click();
  await expect(page).toHaveURL(/\/mon-compte\/premium$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  await expect(page.locator('[data-plan-price="monthly"]')).toHaveText('2\u202f000\u00a0FCFA');
  await expect(page.getByTestId('premium-state')).toHaveText('Vous utilisez la version gratuite.');
  await expect(page.getByTestId('premium-unlocks')).toContainText('Statistiques détaillées de vos évènements');

  // The account's number is proposed; typing an Orange number proposes Orange, an MTN one MTN.
  const number = page.getByLabel('Numéro qui paie');
  await expect(number).toHaveValue(/^\+237 6/);
  await expect(page.getByRole('radio', { name: 'MTN Mobile Money' })).toBeChecked();
  await number.fill('699 00 11 22');
  await expect(page.getByRole('radio', { name: 'Orange Money' })).toBeChecked();
  await number.fill(typed(phone));
  await expect(page.getByRole('radio', { name: 'MTN Mobile Money' })).toBeChecked();
  await page.getByRole('radio', { name: 'Mensuel' }).check();
  await shot(page, testInfo, 'form');
  await expectNoAxeViolations(page, 'premium (formulaire)');

  await page.getByRole('button', { name: 'Payer 2\u202f000\u00a0FCFA' }).click();
  await expect(page.getByRole('heading', { name: 'Validez le paiement sur votre téléphone' })).toBeVisible();
  const waiting = page.getByTestId('payment-waiting');
  await expect(waiting).toContainText('2\u202f000\u00a0FCFA');
  await expect(waiting).toContainText('MTN Mobile Money');
  await expect(waiting).toContainText(`+237 6•• •• •• ${phone.slice(-2)}`);
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('emulated')).toContainText('Mode démonstration : aucun paiement réel');
  await expect(page.getByRole('link', { name: /Ouvrir l’émulateur MTN/ })).toHaveAttribute('href', '/emulateurs/mtn-momo/');
  await shot(page, testInfo, 'waiting');
  await expectNoAxeViolations(page, 'premium (en attente)');

  // The payer approves on the phone (the emulator's page); this page turns to success by itself.
  const url = page.url();
  await answerOnEmulator(context, await referenceOf(page), 'Approuver');
  await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('payment-success')).toContainText('Vous êtes Premium jusqu’au');
  await expect(page.getByTestId('payment-success')).toContainText('Près de moi');
  await shot(page, testInfo, 'success');
  await expectNoAxeViolations(page, 'premium (réussi)');

  // Premium shows on the page, which now proposes to renew.
  await page.getByRole('link', { name: 'Retour à Premium' }).click();
  await expect(page.getByTestId('premium-state')).toHaveAttribute('data-premium', 'true');
  await expect(page.getByTestId('premium-state')).toContainText('Vous êtes Premium jusqu’au');
  await page.getByRole('button', { name: 'Renouveler' }).click();
  await expect(page.getByRole('heading', { name: 'Renouveler Premium' })).toBeVisible();
  await shot(page, testInfo, 'renew');
  await expectNoAxeViolations(page, 'premium (renouveler)');

  // The statistics' detailed parts are unlocked.
  await page.goto(`/mon-compte/evenements/${eventId}/statistiques`);
  await expect(page.getByTestId('stat-views')).toBeVisible();
  await expect(page.getByTestId('premium-upsell')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'D’où viennent les visiteurs' })).toBeVisible();
});

test('a foreign number is refused under the field; a refusal on the emulator shows its message', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = await freshAccount(request, testInfo);
  await loginAs(page, request, email, PASSWORD);
  await page.goto('/mon-compte/premium');
  await expect(page.locator('[data-plan-price="monthly"]')).toHaveText('2\u202f000\u00a0FCFA');

  // A French number: refused under the field before anything is sent; the plan chosen stays.
  await page.getByRole('radio', { name: 'Annuel' }).check();
  const number = page.getByLabel('Numéro qui paie');
  await number.fill('+33 6 12 34 56 78');
  await page.getByRole('button', { name: /^Payer / }).click();
  await expect(page.getByTestId('phone-error')).toHaveText(NOT_A_CAMEROON_MOBILE);
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('radio', { name: 'Annuel' })).toBeChecked();
  await expect(number).toHaveValue('+33 6 12 34 56 78');
  await shot(page, testInfo, 'foreign-number');
  await expectNoAxeViolations(page, 'premium (numéro étranger)');

  // A month with an MTN number, refused on the phone.
  const phone = mtnNumber();
  await page.getByRole('radio', { name: 'Mensuel' }).check();
  await number.fill(typed(phone));
  await expect(page.getByTestId('phone-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Payer 2\u202f000\u00a0FCFA' }).click();
  await expect(page.getByRole('heading', { name: 'Validez le paiement sur votre téléphone' })).toBeVisible();
  await answerOnEmulator(context, await referenceOf(page), 'Refuser');
  await expect(page.getByTestId('failure-message')).toHaveText(FAILURE_MESSAGES.refused, { timeout: 60_000 });
  await shot(page, testInfo, 'refused');
  await expectNoAxeViolations(page, 'premium (refusé)');

  // 'Réessayer' opens the form again with what was chosen.
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByLabel('Numéro qui paie')).toHaveValue(typed(phone));
  await expect(page.getByRole('radio', { name: 'Mensuel' })).toBeChecked();
  await expect(page.getByTestId('premium-state')).toHaveAttribute('data-premium', 'false');
});
