import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { messageFromOutbox } from '../../fixtures/outbox';
import { shotsIn } from '../../fixtures/shots';

/*
 * Decision 059: the organiser moves their published event to another city, then cancels it with a
 * message; its participant is told each time by e-mail (the outbox the server writes in tests).
 */

const shot = shotsIn('participants-told', { noSidewaysScroll: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

test('a participant is told by e-mail when the organiser moves the event, then cancels it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const organiser = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const participant = await signedInAccount(request, testInfo, 'part', PASSWORD);
  const title = `Nuit du makossa ${randomBytes(2).toString('hex')}`;
  const id = await publishedEvent(request, organiser.token, eventBody(title, 240));
  const joined = await request.post(`/api/events/${id}/participants`, {
    headers: { authorization: `Bearer ${participant.token}` },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  // The form says who will be told, where the date and the place are changed.
  await loginAs(page, request, organiser.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${id}/modifier`);
  // On a phone the form goes a step at a time: to 'Date et heure'.
  const mobile = testInfo.project.name === 'mobile';
  const next = page.getByRole('button', { name: 'Suivant' });
  if (mobile) await next.click();
  const told = page.getByTestId('told-of-changes').filter({ visible: true });
  await expect(told.first()).toContainText('Votre participant sera prévenu par e-mail d’un changement de date ou de lieu');
  await shot(page, testInfo, 'form');
  await expectNoAxeViolations(page, 'edit form with participants');

  // Moved to Yaoundé: the participant's e-mail names the new and the old place.
  if (mobile) {
    await next.click();
    await expect(told.first()).toBeVisible();
  }
  await page.getByLabel('Ville').fill('Yaoundé');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).not.toHaveURL(/\/modifier$/);
  const moved = await messageFromOutbox(participant.email, new RegExp(`^Événement modifié : ${title}$`));
  expect(moved.text).toContain('- lieu : Rue de la Joie, Akwa, Yaoundé (au lieu de Rue de la Joie, Akwa, Douala)');

  // Cancelled with a message from its hub: the e-mail carries it.
  await page.goto(`/mon-compte/evenements/${id}`);
  await page.getByRole('button', { name: 'Annuler l’évènement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annuler l’évènement' });
  await expect(dialog).toContainText('Chaque participant est prévenu par e-mail');
  await dialog.getByLabel(/Message aux participants/).fill('La salle est en travaux, rendez-vous en janvier.');
  await dialog.getByRole('button', { name: 'Annuler l’évènement' }).click();
  await expect(dialog).toBeHidden();
  const cancelled = await messageFromOutbox(participant.email, new RegExp(`^Événement annulé : ${title}$`));
  expect(cancelled.text).toContain('Message de l’organisateur :\nLa salle est en travaux, rendez-vous en janvier.');
});
