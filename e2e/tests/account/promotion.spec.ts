import { randomBytes, randomInt } from 'node:crypto';
import { CAMPAIGN_MESSAGES, type CampaignOptions } from '@app/shared/ads';
import { FAILURE_MESSAGES, formatFcfa } from '@app/shared/payments';
import { type APIRequestContext, type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * 'Publicités' (issue 30), the advertiser's side: an organiser promotes a published upcoming event
 * from its hub ('Promouvoir'), sees the price as they choose, pays it with Mobile Money (the MTN
 * emulator, no provider keys) and follows the campaign in 'Mes publicités'; a payment refused on
 * the phone leaves the campaign to pay.
 */

const shot = shotsIn('promotion', { noSidewaysScroll: true });
const PASSWORD = 'Baobab-Kribi-2026';

/** A fresh MTN number (67x), so the two projects' accounts never share one. */
const mtnNumber = () => `+23767${randomInt(0, 10)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** '+237677123456' as a person types it: '677 12 34 56'. */
const typed = (e164: string) => `${e164.slice(4, 7)} ${e164.slice(7, 9)} ${e164.slice(9, 11)} ${e164.slice(11)}`;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function organiser(request: APIRequestContext, testInfo: TestInfo, phone: string) {
  const username = `pub_${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: PASSWORD, firstName: 'Ebénézer', lastName: 'Ndjock', phone });
  return email;
}

async function optionsOf(request: APIRequestContext, token: string): Promise<CampaignOptions> {
  const answer = await request.get('/api/campaigns/options', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as CampaignOptions;
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

/** From the hub: 'Promouvoir', the agenda, Douala, two days from today. */
async function fillTwoDaysInDouala(page: Page, today: string) {
  await page.getByRole('radio', { name: /En tête de l’agenda/ }).check();
  await page.getByRole('radio', { name: 'Certaines villes' }).check();
  await page.getByRole('checkbox', { name: 'Douala' }).check();
  await page.getByRole('textbox', { name: 'Du', exact: true }).fill(today);
  await page.getByRole('textbox', { name: 'Au', exact: true }).fill(addDays(today, 1));
}

test('an organiser promotes an event on the agenda in Douala for two days, pays it and sees it waiting for the team', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = mtnNumber();
  const email = await organiser(request, testInfo, phone);
  const token = await loginAs(page, request, email, PASSWORD);
  const title = `Festival Ngondo ${randomBytes(2).toString('hex')}`;
  const eventId = await publishedEvent(request, token, eventBody(title, 24 * 10));
  const options = await optionsOf(request, token);
  const price = options.prices.agendaPerDay * 2;

  // 'Mes publicités' is empty at first, and says where to start.
  await page.goto('/mon-compte/publicites');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes publicités' })).toBeVisible();
  await expect(page.getByText('Aucune campagne pour l’instant')).toBeVisible();
  await expect(page.getByText(/choisissez « Promouvoir »/)).toBeVisible();
  await shot(page, testInfo, 'list-empty');
  await expectNoAxeViolations(page, 'mes publicités (vide)');

  // The hub's 'Promouvoir'.
  await page.goto(`/mon-compte/evenements/${eventId}`);
  await page.getByRole('link', { name: 'Promouvoir' }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/evenements/${eventId}/promouvoir$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Promouvoir cet évènement' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.locator('label', { hasText: 'En tête de l’agenda' })).toContainText(
    `${formatFcfa(options.prices.agendaPerDay)} par jour et par ville`,
  );

  // No city: said under the cities, nothing sent.
  await page.getByRole('radio', { name: 'Certaines villes' }).check();
  for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  await expect(page.getByTestId('cities-error')).toHaveText(CAMPAIGN_MESSAGES.citiesRequired);

  await fillTwoDaysInDouala(page, options.today);
  await expect(page.getByTestId('cities-error')).toHaveCount(0);
  await expect(page.getByTestId('campaign-price-total')).toHaveText(`Prix : ${formatFcfa(price)}`);
  await expect(page.getByTestId('campaign-price-detail')).toHaveText(
    `${formatFcfa(options.prices.agendaPerDay)} × 2 jours × 1 ville`,
  );
  // All of Cameroon: the national factor, live.
  await page.getByRole('radio', { name: /Tout le Cameroun/ }).check();
  await expect(page.getByTestId('campaign-price-total')).toHaveText(
    `Prix : ${formatFcfa(price * options.prices.nationalFactor)}`,
  );
  await page.getByRole('radio', { name: 'Certaines villes' }).check();
  await expect(page.getByRole('checkbox', { name: 'Douala' })).toBeChecked();
  await expect(page.getByTestId('campaign-price-total')).toHaveText(`Prix : ${formatFcfa(price)}`);
  await shot(page, testInfo, 'form');
  await expectNoAxeViolations(page, 'promouvoir (formulaire)');

  // The payment step: the campaign, the account's number, 'Payer'.
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  await expect(page.getByRole('heading', { name: 'Payer la campagne' })).toBeVisible();
  await expect(page.getByTestId('campaign-summary')).toContainText('Douala');
  await expect(page.getByTestId('campaign-summary')).toContainText(formatFcfa(price));
  await expect(page.getByLabel('Numéro qui paie')).toHaveValue(/^\+237 6/);
  await page.getByLabel('Numéro qui paie').fill(typed(phone));
  await expect(page.getByRole('radio', { name: 'MTN Mobile Money' })).toBeChecked();
  await shot(page, testInfo, 'pay');
  await expectNoAxeViolations(page, 'promouvoir (paiement)');

  await page.getByRole('button', { name: `Payer ${formatFcfa(price)}` }).click();
  await expect(page.getByRole('heading', { name: 'Validez le paiement sur votre téléphone' })).toBeVisible();
  await expect(page.getByTestId('payment-waiting')).toContainText(formatFcfa(price));
  await expect(page.getByTestId('emulated')).toContainText('Mode démonstration : aucun paiement réel');
  await shot(page, testInfo, 'waiting');
  await expectNoAxeViolations(page, 'promouvoir (en attente)');

  await answerOnEmulator(context, await referenceOf(page), 'Approuver');
  await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('campaign-paid')).toHaveText('Paiement reçu : votre campagne attend la validation de l’équipe.');
  await shot(page, testInfo, 'paid');
  await expectNoAxeViolations(page, 'promouvoir (payé)');

  // The campaign's page: waiting for the team, no figure yet.
  await page.getByRole('link', { name: 'Voir la campagne' }).click();
  await expect(page).toHaveURL(/\/mon-compte\/publicites\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('campaign-phase')).toHaveText('En attente de validation');
  await expect(page.getByTestId('campaign-facts')).toContainText('Douala');
  await expect(page.getByTestId('campaign-facts')).toContainText(formatFcfa(price));
  await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
  await shot(page, testInfo, 'detail');
  await expectNoAxeViolations(page, 'campagne');

  // 'Mes publicités': in the account's menu on a wide screen, from 'Mon compte' on any.
  if (testInfo.project.name === 'desktop') {
    await expect(page.locator('[data-nav="ads"]:visible')).toHaveText('Publicités');
  }
  await page.goto('/mon-compte');
  await page.getByRole('link', { name: 'Mes publicités', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes publicités' })).toBeVisible();
  const card = page.locator('[data-campaign]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(title);
  await expect(card).toContainText('En tête de l’agenda');
  await expect(card).toContainText('Douala');
  await expect(card).toContainText(formatFcfa(price));
  await expect(card.getByTestId('campaign-phase')).toHaveText('En attente de validation');
  await shot(page, testInfo, 'list');
  await expectNoAxeViolations(page, 'mes publicités');
});

test('a payment refused on the phone leaves the campaign to pay; a draft cannot be promoted', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = mtnNumber();
  const email = await organiser(request, testInfo, phone);
  const token = await loginAs(page, request, email, PASSWORD);
  const title = `Salon du Livre ${randomBytes(2).toString('hex')}`;
  const eventId = await publishedEvent(request, token, eventBody(title, 24 * 10));
  const options = await optionsOf(request, token);
  const price = options.prices.agendaPerDay * 2;

  await page.goto(`/mon-compte/evenements/${eventId}/promouvoir`);
  await fillTwoDaysInDouala(page, options.today);
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  await page.getByLabel('Numéro qui paie').fill(typed(phone));
  await page.getByRole('button', { name: `Payer ${formatFcfa(price)}` }).click();
  await expect(page.getByRole('heading', { name: 'Validez le paiement sur votre téléphone' })).toBeVisible();
  await answerOnEmulator(context, await referenceOf(page), 'Refuser');
  await expect(page.getByTestId('failure-message')).toHaveText(FAILURE_MESSAGES.refused, { timeout: 60_000 });
  await shot(page, testInfo, 'refused');
  await expectNoAxeViolations(page, 'promouvoir (refusé)');

  // Still to pay, in the list and on its page, which offers to pay again.
  await page.goto('/mon-compte/publicites');
  const card = page.locator('[data-campaign]');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('campaign-phase')).toHaveText('À payer');
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('campaign-phase')).toHaveText('À payer');
  await page.getByRole('button', { name: `Payer ${formatFcfa(price)}` }).click();
  await expect(page.getByRole('heading', { name: 'Payer la campagne' })).toBeVisible();
  await shot(page, testInfo, 'pay-again');
  await expectNoAxeViolations(page, 'campagne (payer)');

  // A draft is not promotable: said plainly.
  const created = await request.post('/api/events', {
    headers: { authorization: `Bearer ${token}` },
    data: eventBody(`Makossa Draft ${randomBytes(2).toString('hex')}`, 24 * 10),
  });
  expect(created.status(), await created.text()).toBe(201);
  const draftId = ((await created.json()) as { event: { _id: string } }).event._id;
  await page.goto(`/mon-compte/evenements/${draftId}/promouvoir`);
  await expect(page.getByTestId('not-promotable')).toContainText('Cet évènement ne peut pas être promu');
  await expect(page.getByRole('button', { name: 'Continuer vers le paiement' })).toHaveCount(0);
  await shot(page, testInfo, 'not-promotable');
  await expectNoAxeViolations(page, 'promouvoir (impossible)');
});
