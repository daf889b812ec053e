import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { PREMIUM_REQUIRED_MESSAGE } from '@app/shared/premium';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs, loginAsSuperadmin, superadminToken, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * 'Près de moi' on the agenda (issue 28 item 1, decision 057): what it is, without a session; the
 * nearest events first around the phone's position or a city, for whoever may use it (Premium, or
 * manage_events as the superadmin here); a freemium account told it is a Premium feature.
 */

const shot = shotsIn('near-me', { noSidewaysScroll: true });

/** A published event at `km` north of the centre (a degree of latitude is 111.2 km). */
async function eventNorthOf(
  request: APIRequestContext,
  centre: { latitude: number; longitude: number },
  title: string,
  km: number,
) {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const coordinates = { latitude: centre.latitude + km / 111.2, longitude: centre.longitude };
  const created = await request.post('/api/events', {
    headers,
    data: eventBody(title, 96, { location: { address: 'Carrefour du marché', city: 'Tibati', coordinates } }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id } = (await created.json()).event as { _id: string };
  const published = await request.put(`/api/events/${_id}/publish`, { headers });
  expect(published.ok(), await published.text()).toBe(true);
}

async function openNearMe(page: Page) {
  await page.goto('/evenements');
  const box = page.locator('#pres-de-moi');
  await box.locator('summary').click();
  return box;
}

test('Près de moi: an offer without a session, the nearest events first, a city, and a freemium account refused', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  // The two projects search around places 90 km apart, so neither finds the other's events.
  const centre = { latitude: testInfo.project.name === 'mobile' ? 6.2 : 7.0, longitude: 12.9 };
  const tag = randomBytes(3).toString('hex');
  await eventNorthOf(request, centre, `Bal des voisins ${tag}`, 1);
  await eventNorthOf(request, centre, `Marché de nuit ${tag}`, 3.2);
  await eventNorthOf(request, centre, `Festival du lac ${tag}`, 20);

  // Without a session: what it is, and the ways in; no form.
  let box = await openNearMe(page);
  await expect(box).toContainText('Les évènements autour de vous, du plus proche au plus loin : une fonction Premium.');
  await expect(box.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
    'href',
    '/GetStarted?next=%2Fevenements%23pres-de-moi',
  );
  await expect(box.getByRole('link', { name: 'Découvrir Premium' })).toHaveAttribute('href', '/mon-compte/premium');
  await expect(box.getByRole('button', { name: 'Chercher' })).toBeHidden();
  await shot(page, testInfo, 'offer');
  await expectNoAxeViolations(page, 'près de moi (sans session)');

  // Signed in with the right to use it, on a phone at the centre: within 5 km, nearest first.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(centre);
  await loginAsSuperadmin(page, request);
  box = await openNearMe(page);
  await expect(box.getByRole('link', { name: 'Se connecter' })).toBeHidden();
  await expect(box.getByLabel('Autour de')).toHaveValue('');
  await box.getByLabel('Distance').selectOption('5');
  await box.getByRole('button', { name: 'Chercher' }).click();
  const titles = box.locator('[data-near-results] h3');
  await expect(titles).toHaveText([`Bal des voisins ${tag}`, `Marché de nuit ${tag}`]);
  await expect(box.getByRole('status')).toHaveText('2 évènements à moins de 5 km de votre position');
  await expect(box.locator('[data-near-results] li').first()).toContainText('à 1 km');
  await expect(box.locator('[data-near-results] li').nth(1)).toContainText('à 3,2 km');
  await expect(box.getByRole('link', { name: `Bal des voisins ${tag}` })).toHaveAttribute(
    'href',
    /^\/evenements\/bal-des-voisins-/,
  );
  await box.getByLabel('Distance').selectOption('25');
  await box.getByRole('button', { name: 'Chercher' }).click();
  await expect(titles).toHaveText([`Bal des voisins ${tag}`, `Marché de nuit ${tag}`, `Festival du lac ${tag}`]);
  await shot(page, testInfo, 'results', { fullPage: true });
  await expectNoAxeViolations(page, 'près de moi (résultats)');

  // Around a city's centre instead of the phone.
  await box.getByLabel('Autour de').selectOption({ label: 'Yaoundé' });
  await box.getByRole('button', { name: 'Chercher' }).click();
  await expect(box.getByRole('status')).toHaveText(/à moins de 25 km de Yaoundé\.?$/);

  // A freemium account: the API's own refusal, and the way to Premium stays.
  const username = `near_${testInfo.project.name.slice(0, 3)}${tag}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: 'Mango-Tree-2025', firstName: 'Paul', lastName: 'Essomba' });
  const freemium = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
  await loginAs(freemium, request, email, 'Mango-Tree-2025');
  const refused = await openNearMe(freemium);
  await refused.getByLabel('Autour de').selectOption({ label: 'Douala' });
  await refused.getByRole('button', { name: 'Chercher' }).click();
  await expect(refused.getByRole('status')).toHaveText(PREMIUM_REQUIRED_MESSAGE);
  await expect(refused.getByRole('link', { name: 'Découvrir Premium' })).toBeVisible();
  await expect(refused.locator('[data-near-results] li')).toHaveCount(0);
  await shot(freemium, testInfo, 'freemium');
  await freemium.context().close();
});
