import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { loginAs, loginAsSuperadmin, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

/*
 * The statistics of an event in the organiser space (issue 27 item 5, decision 040): the organiser
 * without premium sees the totals and the premium line; a manage_events administrator sees the
 * days and the sources too.
 */

const shot = shotsIn('event-stats', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';
const freshIp = () =>
  `10.${40 + Math.floor(Math.random() * 10)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function organiserWithEvent(request: APIRequestContext, testInfo: TestInfo) {
  const { email, token } = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const title = `Soirée Makossa ${randomBytes(2).toString('hex')}`;
  const id = await publishedEvent(request, token, eventBody(title));

  // Four visitors: two from WhatsApp, one from Facebook, one direct; one of them comes back.
  const view = async (query: string, ip = freshIp()) => {
    const response = await request.post(`/api/events/${id}/views${query}`, { headers: { 'x-forwarded-for': ip } });
    expect(response.ok(), await response.text()).toBe(true);
  };
  const returning = freshIp();
  await view('?src=whatsapp', returning);
  await view('', returning);
  await view('?src=wa');
  await view(`?from=${encodeURIComponent('https://m.facebook.com/')}`);
  await view('');
  // A participant, who also likes it.
  const member = await signedInAccount(request, testInfo, 'membre', PASSWORD);
  const memberHeaders = { authorization: `Bearer ${member.token}` };
  expect((await request.post(`/api/events/${id}/participants`, { headers: memberHeaders, data: {} })).ok()).toBe(true);
  expect((await request.put(`/api/events/${id}/like`, { headers: memberHeaders })).ok()).toBe(true);
  return { email, id, title };
}

async function expectTotals(page: Page) {
  await expect(page.getByTestId('stat-views')).toContainText('5');
  await expect(page.getByTestId('stat-visitors')).toContainText('4');
  await expect(page.getByTestId('stat-participants')).toContainText('1');
  await expect(page.getByTestId('stat-likes')).toContainText('1');
  await expect(page.getByTestId('stat-comments')).toContainText('0');
  await expect(page.getByTestId('stat-rate')).toContainText('25');
}

test('the organiser reads the totals of an event, with the premium line', async ({ page, request }, testInfo) => {
  const event = await organiserWithEvent(request, testInfo);
  await loginAs(page, request, event.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${event.id}/statistiques`);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
  await expect(page.getByText(event.title)).toBeVisible();
  await expectTotals(page);
  await expect(page.getByTestId('premium-upsell')).toContainText('réservés aux comptes premium');
  await expect(page.getByTestId('daily-chart')).toHaveCount(0);
  await expectNoAxeViolations(page, 'statistiques (organisateur)');
  await shot(page, testInfo, 'organiser-totals');

  // Someone else's event (or none): not found, no figure.
  await page.goto('/mon-compte/evenements/00000000-0000-4000-8000-000000000000/statistiques');
  await expect(page.getByRole('alert')).toContainText('Événement introuvable');
  await expect(page.getByTestId('stat-views')).toHaveCount(0);
});

test('manage_events sees the days and where the visitors came from', async ({ page, request }, testInfo) => {
  const event = await organiserWithEvent(request, testInfo);
  await loginAsSuperadmin(page, request);
  await page.goto(`/mon-compte/evenements/${event.id}/statistiques`);
  await expectTotals(page);
  await expect(page.getByTestId('premium-upsell')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Par jour' })).toBeVisible();
  await expect(page.getByTestId('daily-chart').locator('rect')).toHaveCount(1);
  await expect(page.getByTestId('source-whatsapp')).toContainText('2');
  await expect(page.getByTestId('source-facebook')).toContainText('1');
  await expect(page.getByTestId('source-direct')).toContainText('1');
  await page.getByRole('group', { name: 'Afficher' }).getByText('Participants').click();
  await expect(page.getByRole('radio', { name: 'Participants' })).toBeChecked();
  await expect(page.getByText('Maximum : 1')).toBeVisible();
  await page.getByText('Voir le tableau des données').click();
  await expect(page.getByRole('table')).toContainText('5');
  await expectNoAxeViolations(page, 'statistiques (détail)');
  await shot(page, testInfo, 'detail');
});
