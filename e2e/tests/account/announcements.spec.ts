import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * Issue 29 (decision 067): an organiser writes to their participants from the event's hub; a
 * participant whose page is open sees the announcement at once. A scheduled one is listed, and
 * cancelled before it goes.
 */

const shot = shotsIn('announcements', { noSidewaysScroll: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

test('an organiser sends an announcement, a participant reads it at once; a scheduled one is cancelled', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const organiser = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const participant = await signedInAccount(request, testInfo, 'awa', PASSWORD);
  const title = `Nuit du Makossa ${randomBytes(2).toString('hex')}`;
  const id = await publishedEvent(request, organiser.token, eventBody(title, 240));
  const joined = await request.post(`/api/events/${id}/participants`, {
    headers: { authorization: `Bearer ${participant.token}` },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  const viewport = page.viewportSize() ?? undefined;
  const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Africa/Douala' });
  const theirs = await context.newPage();
  await loginAs(theirs, request, participant.email, PASSWORD);
  await theirs.goto('/mon-compte/participations');
  await expect(theirs.locator('[data-participation]')).toHaveCount(1);

  await loginAs(page, request, organiser.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${id}`);
  await expect(page.getByRole('link', { name: 'Annonces' })).toBeVisible();
  await shot(page, testInfo, 'hub');
  await page.getByRole('link', { name: 'Annonces' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annonces' })).toBeVisible();
  await expect(page.getByText('Aucune annonce pour l’instant.')).toBeVisible();
  await expect(page.getByLabel('Tous les participants (1)')).toBeChecked();
  await expect(page.getByText('0 / 2 annonces ces dernières 24 heures')).toBeVisible();
  await shot(page, testInfo, 'empty');
  await expectNoAxeViolations(page, 'annonces, vide');

  // Nothing typed: said under the field, nothing sent.
  await page.getByRole('button', { name: 'Envoyer l’annonce' }).click();
  await expect(page.getByText('L’annonce ne peut pas être vide')).toBeVisible();

  const text = 'Les portes ouvrent à 18 h. Apportez votre billet sur le téléphone.';
  await page.getByLabel('Votre message').fill(text);
  await page.getByRole('button', { name: 'Envoyer l’annonce' }).click();
  const confirm = page.getByRole('dialog', { name: 'Envoyer l’annonce ?' });
  await expect(confirm).toContainText('Elle part maintenant à 1 participant(s)');
  await shot(page, testInfo, 'confirm');
  await confirm.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Annonce envoyée', { exact: true })).toBeVisible();
  const sent = page.locator('[data-announcement]').first();
  await expect(sent).toContainText('Envoyée');
  await expect(sent).toContainText(text);
  await expect(sent).toContainText('à 1 participant(s)');
  await expect(page.getByLabel('Votre message')).toHaveValue('');

  // The participant's open page counts it at once, and reads it.
  await expect(theirs.getByTestId('notification-count')).toHaveText('1');
  await theirs.getByTestId('notification-bell').click();
  await expect(theirs.locator('[data-notification]').first()).toContainText(`Annonce pour « ${title} » : ${text}`);
  await shot(theirs, testInfo, 'participant-reads');
  await context.close();

  // Scheduled for tomorrow 09:00 (Douala), then cancelled.
  await page.getByLabel('Votre message').fill('Rappel : covoiturage depuis Akwa à 17 h.');
  await page.getByLabel('À une date choisie').check();
  const tomorrow = new Date(Date.now() + 86_400_000 + 3_600_000).toISOString().slice(0, 10);
  await page.getByLabel('Date', { exact: true }).fill(tomorrow);
  await page.getByLabel('Heure', { exact: true }).fill('09:00');
  await page.getByRole('button', { name: 'Programmer l’annonce' }).click();
  await expect(page.getByText('Annonce programmée', { exact: true })).toBeVisible();
  const scheduled = page.locator('[data-announcement]').first();
  await expect(scheduled).toContainText('Programmée');
  await expect(scheduled).toContainText('09:00');
  await expect(page.getByText('2 / 2 annonces ces dernières 24 heures')).toBeVisible();
  await expect(page.getByText('Vous avez écrit vos 2 annonces de ces dernières 24 heures')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envoyer l’annonce' })).toBeDisabled();
  await shot(page, testInfo, 'sent-and-scheduled');
  await expectNoAxeViolations(page, 'annonces envoyée et programmée');

  await scheduled.getByRole('button', { name: 'Annuler l’envoi' }).click();
  await page.getByRole('dialog', { name: 'Annuler l’envoi ?' }).getByRole('button', { name: 'Annuler l’envoi' }).click();
  await expect(page.getByText('Envoi annulé', { exact: true })).toBeVisible();
  await expect(scheduled).toContainText('Annulée');
  await expect(page.getByText('1 / 2 annonces ces dernières 24 heures')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envoyer l’annonce' })).toBeEnabled();
});
