import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * Issue 29, decision 060: the bell of the account space counts the unread notifications; the
 * 'Notifications' screen lists them newest first, opens each where it leads and reads it.
 */

const shot = shotsIn('notifications', { noSidewaysScroll: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

test('an organiser sees who joined behind the bell, opens it on the participants screen, and the bell empties', async ({
  page,
  request,
}, testInfo) => {
  const organiser = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const first = await signedInAccount(request, testInfo, 'awa', PASSWORD);
  const second = await signedInAccount(request, testInfo, 'paul', PASSWORD);
  const title = `Nuit du bikutsi ${randomBytes(2).toString('hex')}`;
  const id = await publishedEvent(request, organiser.token, eventBody(title, 240));
  for (const person of [first, second]) {
    const joined = await request.post(`/api/events/${id}/participants`, { headers: { authorization: `Bearer ${person.token}` } });
    expect(joined.ok(), await joined.text()).toBe(true);
  }

  await loginAs(page, request, organiser.email, PASSWORD);
  await page.goto('/mon-compte/evenements');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 1 non lue(s)');
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await bell.click();

  await expect(page).toHaveURL(/\/mon-compte\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.locator('[data-notification]').first();
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText(`Ngo ${second.lastName} et 1 autre personne participent à « ${title} ».`);
  await expect(item).toContainText(/il y a|maintenant/);
  await shot(page, testInfo, 'organiser-unread');
  await expectNoAxeViolations(page, 'notifications (non lues)');

  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/evenements/${id}/participants$`));
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.goBack();
  await expect(page.locator('[data-notification]').first()).toHaveAttribute('data-unread', 'false');
  await expect(page.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
});

test('a participant reads a cancellation with the organiser’s message, then marks everything read', async ({
  page,
  request,
}, testInfo) => {
  const organiser = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const participant = await signedInAccount(request, testInfo, 'part', PASSWORD);
  const titles = [`Gala des Lions ${randomBytes(2).toString('hex')}`, `Foire de Bonanjo ${randomBytes(2).toString('hex')}`];
  for (const title of titles) {
    const id = await publishedEvent(request, organiser.token, eventBody(title, 240));
    const headers = { authorization: `Bearer ${organiser.token}` };
    expect(
      (await request.post(`/api/events/${id}/participants`, { headers: { authorization: `Bearer ${participant.token}` } })).ok(),
    ).toBe(true);
    const cancelled = await request.put(`/api/events/${id}/cancel`, { headers, data: { message: 'La salle est indisponible.' } });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
  }

  await loginAs(page, request, participant.email, PASSWORD);
  await page.goto('/mon-compte/participations');
  await expect(page.getByTestId('notification-count')).toHaveText('2');
  await page.getByTestId('notification-bell').click();
  const items = page.locator('[data-notification]');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(
    `« ${titles[1]} » est annulé. Message de l’organisateur : La salle est indisponible.`,
  );
  await shot(page, testInfo, 'participant-unread');
  await expectNoAxeViolations(page, 'notifications (annulations)');

  await page.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(page.locator('[data-notification][data-unread="true"]')).toHaveCount(0);
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Toutes vos notifications sont lues.' })).toBeAttached();

  // Opening one leads to the event's public page, which says it is cancelled.
  await items.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();
  await expect(page.getByText('La salle est indisponible.')).toBeVisible();
});

test('a new account has no notification yet, and is told what will come here', async ({ page, request }, testInfo) => {
  const account = await signedInAccount(request, testInfo, 'neuf', PASSWORD);
  await loginAs(page, request, account.email, PASSWORD);
  await page.goto('/mon-compte/notifications');
  await expect(page.getByText('Aucune notification pour l’instant.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tout marquer comme lu' })).toHaveCount(0);
  await shot(page, testInfo, 'empty');
  await expectNoAxeViolations(page, 'notifications (vide)');
});

test('from the notifications, a participant turns off the e-mails of moves; the choice is kept', async ({
  page,
  request,
}, testInfo) => {
  const account = await signedInAccount(request, testInfo, 'pref', PASSWORD);
  await loginAs(page, request, account.email, PASSWORD);
  await page.goto('/mon-compte/notifications');
  await page.getByRole('link', { name: 'Choisir ce que je reçois par e-mail, SMS ou sur le téléphone' }).click();
  await expect(page).toHaveURL(/\/mon-compte\/profil#notifications$/);
  // Shown once the profile's sections have loaded (they move it down as they do).
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section).toBeInViewport();
  const moves = section.getByRole('group', { name: 'Un évènement auquel je participe change de date ou de lieu' });
  const email = moves.getByRole('checkbox', { name: 'E-mail' });
  await expect(email).toBeChecked();
  await expect(section).toContainText(
    'Aucun SMS ni notification sur le téléphone entre 22 h et 7 h (heure de Douala) : ils partent à 7 h, sauf une annulation, envoyée aussitôt.',
  );
  await email.uncheck();
  await expect(page.getByText('Préférence enregistrée')).toBeVisible();
  await expect(email).not.toBeChecked();
  await expect(moves.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await shot(page, testInfo, 'preferences');
  await expectNoAxeViolations(page, 'profil, notifications');

  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'Un évènement auquel je participe change de date ou de lieu' })
      .getByRole('checkbox', { name: 'E-mail' }),
  ).not.toBeChecked();
  const stored = await request.get('/api/users/me/notification-preferences', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect((await stored.json()).preferences).toContainEqual({ kind: 'event_moved', channel: 'email', enabled: false });
});
