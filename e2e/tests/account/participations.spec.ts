import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

const shot = shotsIn('account', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';
const DAY = 86_400_000;

/** A published public event created by the superadmin, starting in `days` days. */
async function publishedEvent(request: APIRequestContext, title: string, days: number) {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const start = new Date(Date.now() + days * DAY);
  const created = await request.post('/api/events', {
    headers,
    data: {
      title,
      description: 'Une belle soirée entre amis.',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 4 * 3600_000).toISOString(),
      location: { address: 'Rue Joss', city: 'Douala' },
      category: 'concert',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = await created.json();
  const published = await request.put(`/api/events/${event._id}/publish`, { headers });
  expect(published.ok(), await published.text()).toBe(true);
  return event as { _id: string; title: string };
}

test('a participant finds the events they joined, soonest first, adds one to the calendar and leaves another', async ({
  page,
  request,
}, testInfo) => {
  const username = `partici_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: PASSWORD, firstName: 'Nadège', lastName: 'Fotso' });
  const token = await loginAs(page, request, email, PASSWORD);
  const tag = randomBytes(2).toString('hex');
  const later = await publishedEvent(request, `Concert au Canal Olympia ${tag}`, 20);
  const sooner = await publishedEvent(request, `Marché de Noël d'Akwa ${tag}`, 3);
  for (const event of [later, sooner]) {
    const joined = await request.post(`/api/events/${event._id}/participants`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(joined.ok(), await joined.text()).toBe(true);
  }

  await page.goto('/mon-compte');
  await page.getByRole('link', { name: 'Participations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes participations' })).toBeVisible();
  const titles = page.getByRole('heading', { level: 2 });
  await expect(titles).toHaveText([sooner.title, later.title]);
  await expect(page.getByRole('link', { name: 'À venir' })).toHaveAttribute('aria-current', 'page');
  const card = page.locator(`[data-participation="${sooner._id}"]`);
  await expect(card.getByRole('link', { name: 'Voir la page' })).toHaveAttribute('href', /^\/evenements\/marche-de-noel-d-akwa-/);
  const calendar = await request.get(
    (await card.getByRole('link', { name: 'Ajouter au calendrier' }).getAttribute('href')) ?? '',
  );
  expect(calendar.ok()).toBe(true);
  expect(await calendar.text()).toContain('BEGIN:VCALENDAR');
  await expectNoAxeViolations(page, 'participations');
  await shot(page, testInfo, 'participations');

  await card.getByRole('button', { name: 'Me retirer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Se retirer de l’évènement' });
  await expect(dialog).toContainText(sooner.title);
  await expectNoAxeViolations(page, 'participations leave dialog');
  await dialog.getByRole('button', { name: 'Me retirer' }).click();
  await expect(page.getByText(`Vous ne participez plus à « ${sooner.title} »`)).toBeVisible();
  await expect(titles).toHaveText([later.title]);

  // The past tab keeps its place in the address; nothing is over yet.
  await page.getByRole('link', { name: 'Passés' }).click();
  await expect(page).toHaveURL(/periode=passes/);
  await expect(page.getByText('Aucun évènement passé pour le moment.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Passés' })).toHaveAttribute('aria-current', 'page');
});

test('with no participation, the screen invites to the agenda', async ({ page, request }, testInfo) => {
  const username = `vide_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: PASSWORD, firstName: 'Joël', lastName: 'Essomba' });
  await loginAs(page, request, email, PASSWORD);
  await page.goto('/mon-compte/participations');
  await expect(page.getByText('Vous ne participez à aucun évènement à venir.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Découvrir l’agenda' })).toHaveAttribute('href', '/evenements');
  await expectNoAxeViolations(page, 'participations empty');
  await shot(page, testInfo, 'participations-empty');
});
