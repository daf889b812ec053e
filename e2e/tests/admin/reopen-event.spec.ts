import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { loginAsSuperadmin, test } from '../../fixtures/auth';
import { eventBody } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/**
 * 'Rouvrir' (issue 25 item 13, decisions 023 and 030): a cancelled event that has not ended goes
 * back to draft after a confirmation; an ended one shows no button. Titles are not French words,
 * since the English walk reads the admin lists.
 */
const shot = shotsIn('/tmp/shots-reopen-event', { noSidewaysScroll: true });

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function api(request: APIRequestContext, token: string, method: 'post' | 'put' | 'get', url: string, data?: object) {
  const response = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** A published, then cancelled event, starting `startsInHours` from now (negative: in the past). */
async function cancelledEvent(request: APIRequestContext, token: string, title: string, startsInHours: number): Promise<string> {
  const created = await api(
    request,
    token,
    'post',
    '/api/events',
    eventBody(title, startsInHours, {
      description: 'Live jazz night with friends.',
      location: { address: 'Rue 1, Akwa', city: 'Douala' },
    }),
  );
  const id = created.event._id as string;
  await api(request, token, 'put', `/api/events/${id}/publish`);
  await api(request, token, 'put', `/api/events/${id}/cancel`);
  return id;
}

/** The events screen, signed in as the superadmin, with the cancelled event `title` open in the panel. */
async function openCancelledEvent(page: Page, request: APIRequestContext, title: string) {
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/events');
  await page.getByLabel('Rechercher').fill(title);
  await page.getByRole('region', { name: 'Liste des événements' }).getByRole('button', { name: title, exact: true }).click();
  const panel = page.getByRole('complementary', { name: "Détail de l'événement" });
  await expect(panel.getByRole('heading', { name: title })).toBeVisible();
  await expect(panel.getByText('Annulé', { exact: true })).toBeVisible();
  return panel;
}

test("'Rouvrir' takes a cancelled event back to draft after a confirmation", async ({ page, request, superToken }, testInfo) => {
  const title = `Zenith Jam ${unique(testInfo)}`;
  const id = await cancelledEvent(request, superToken, title, 72);
  const panel = await openCancelledEvent(page, request, title);
  await panel.getByRole('button', { name: 'Rouvrir' }).click();

  const dialog = page.getByRole('dialog', { name: "Rouvrir l'événement" });
  await expect(dialog).toContainText(`Rouvrir « ${title} » ? Il repasse en brouillon`);
  await expectNoAxeViolations(page, 'reopen confirmation');
  await shot(page, testInfo, 'confirm', { fullPage: false });
  // 'Retour' keeps it cancelled.
  await dialog.getByRole('button', { name: 'Retour' }).click();
  await expect(dialog).toBeHidden();
  expect((await api(request, superToken, 'get', `/api/events/${id}`)).status).toBe('cancelled');

  await panel.getByRole('button', { name: 'Rouvrir' }).click();
  await dialog.getByRole('button', { name: 'Rouvrir' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Événement rouvert : il repasse en brouillon').first()).toBeVisible();
  await expect(panel.getByText('Brouillon', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Rouvrir' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Publier' })).toBeVisible();
  expect((await api(request, superToken, 'get', `/api/events/${id}`)).status).toBe('draft');
  await expectNoAxeViolations(page, 'reopened event');
  await shot(page, testInfo, 'reopened');
});

test("an ended cancelled event shows no 'Rouvrir'", async ({ page, request, superToken }, testInfo) => {
  const title = `Orbit Jam ${unique(testInfo)}`;
  await cancelledEvent(request, superToken, title, -72);
  const panel = await openCancelledEvent(page, request, title);
  await expect(panel.getByRole('button', { name: 'Supprimer' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Rouvrir' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'ended cancelled event');
  await shot(page, testInfo, 'ended');
});
