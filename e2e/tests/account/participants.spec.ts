import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { type APIRequestContext, expect, type TestInfo, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/**
 * Issue 27 items 4 and 6 (decision 044): the organiser's 'Participants' and 'Commentaires' screens.
 * Two accounts join and comment; the organiser sees them, searches (kept in the address), exports
 * the CSV, removes one (who cannot join again), deletes a comment and reports an author.
 */
const shot = shotsIn('participants', { noSidewaysScroll: true, fullPage: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

async function account(request: APIRequestContext, testInfo: TestInfo, prefix: string, firstName: string, lastName: string) {
  const id = `${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const created = { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.cm`, password: PASSWORD, firstName, lastName };
  await registerVerified(request, created);
  const login = await request.post('/api/users/login', { data: { identifier: created.email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).token as string;
  return { ...created, token, headers: { authorization: `Bearer ${token}` } };
}

test('the organiser sees, searches, exports and removes participants, then moderates the comments', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const organiser = await account(request, testInfo, 'orga', 'Odile', 'Ekambi');
  const bernadette = await account(request, testInfo, 'bern', 'Bernadette', 'Ngo Mbock');
  const samuel = await account(request, testInfo, 'sam', 'Samuel', 'Eto');
  const tag = randomBytes(2).toString('hex');
  const title = `Soirée Bikutsi ${tag}`;
  const created = await request.post('/api/events', {
    headers: organiser.headers,
    data: eventBody(title, 72, { maxParticipants: 50 }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).event as { _id: string };
  const published = await request.put(`/api/events/${event._id}/publish`, {
    headers: { authorization: `Bearer ${await superadminToken(request)}` },
  });
  expect(published.ok(), await published.text()).toBe(true);
  for (const who of [bernadette, samuel]) {
    const joined = await request.post(`/api/events/${event._id}/participants`, { headers: who.headers, data: {} });
    expect(joined.ok(), await joined.text()).toBe(true);
    const commented = await request.post(`/api/events/${event._id}/comments`, {
      headers: who.headers,
      data: { text: `Bonjour de ${who.firstName} !` },
    });
    expect(commented.status(), await commented.text()).toBe(201);
  }

  await loginAs(page, request, organiser.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${event._id}`);
  await page.getByRole('link', { name: 'Participants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  await expect(page.getByTestId('participants-count')).toHaveText('2 / 50 participants');
  const list = page.getByRole('list', { name: 'Liste des participants' });
  // Newest first: Samuel joined last.
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Samuel Eto');
  await expect(list).toContainText(`@${bernadette.username}`);
  await expectNoAxeViolations(page, 'participants');
  await shot(page, testInfo, 'participants');

  // The search waits for typing to pause, then goes into the address; a reload keeps it.
  await page.getByLabel('Rechercher un participant').fill('bernadette');
  await expect(page).toHaveURL(/[?&]q=bernadette/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Bernadette Ngo Mbock');
  await page.reload();
  await expect(page.getByLabel('Rechercher un participant')).toHaveValue('bernadette');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Rechercher un participant').fill('personne-absente');
  await expect(page.getByText('Aucun participant ne correspond à « personne-absente ».')).toBeVisible();
  await shot(page, testInfo, 'participants-no-match');
  await page.getByLabel('Rechercher un participant').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // The CSV: the server's file name, a BOM for Excel, names and usernames, no contact.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^participants-soiree-bikutsi-[0-9a-f]{4}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('Nom;Nom d’utilisateur;Inscrit le');
  expect(lines.slice(1).map((line) => line.split(';').slice(0, 2).join(';'))).toEqual([
    `Samuel Eto;${samuel.username}`,
    `Bernadette Ngo Mbock;${bernadette.username}`,
  ]);
  expect(csv.toString('utf8')).not.toContain('@example.cm');

  // Removing Samuel, after the confirmation.
  await list.getByRole('button', { name: 'Retirer Samuel Eto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retirer ce participant ?' });
  await expect(dialog).toContainText(`Samuel Eto ne participera plus à « ${title} »`);
  await expectNoAxeViolations(page, 'participants remove dialog');
  await shot(page, testInfo, 'participants-remove-dialog');
  await dialog.getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByText('Samuel Eto a été retiré et prévenu')).toBeVisible();
  await expect(page.getByTestId('participants-count')).toHaveText('1 / 50 participants');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const again = await request.post(`/api/events/${event._id}/participants`, { headers: samuel.headers, data: {} });
  expect(again.status()).toBe(403);

  // 'Retirés': Samuel is listed; 'Réautoriser', after its confirmation, lets him join again (decision 058).
  const removedList = page.getByRole('list', { name: 'Personnes retirées' });
  await expect(page.getByRole('heading', { level: 2, name: 'Retirés (1)' })).toBeVisible();
  await expect(removedList.getByRole('listitem')).toHaveCount(1);
  await expect(removedList).toContainText('Samuel Eto');
  await expect(removedList).toContainText(`@${samuel.username}`);
  await expectNoAxeViolations(page, 'participants with a removed person');
  await shot(page, testInfo, 'participants-removed');
  await removedList.getByRole('button', { name: 'Réautoriser Samuel Eto' }).click();
  const letBack = page.getByRole('dialog', { name: 'Réautoriser cette personne ?' });
  await expect(letBack).toContainText(`Samuel Eto pourra de nouveau s’inscrire à « ${title} »`);
  await expectNoAxeViolations(page, 'participants let back dialog');
  await shot(page, testInfo, 'participants-readmit-dialog');
  await letBack.getByRole('button', { name: 'Réautoriser' }).click();
  await expect(page.getByText('Samuel Eto peut de nouveau s’inscrire')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Retirés/ })).toHaveCount(0);
  const back = await request.post(`/api/events/${event._id}/participants`, { headers: samuel.headers, data: {} });
  expect(back.ok(), await back.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('participants-count')).toHaveText('2 / 50 participants');
  await expect(list.getByRole('listitem').first()).toContainText('Samuel Eto');

  // The comments: newest first; delete Samuel's, report Bernadette.
  await page.goto(`/mon-compte/evenements/${event._id}/commentaires`);
  await expect(page.getByRole('heading', { level: 1, name: 'Commentaires' })).toBeVisible();
  const comments = page.getByRole('list', { name: 'Commentaires de l’évènement' });
  await expect(comments.getByRole('listitem')).toHaveCount(2);
  await expect(comments.getByRole('listitem').first()).toContainText('Bonjour de Samuel !');
  await expectNoAxeViolations(page, 'comments');
  await shot(page, testInfo, 'comments');
  await comments.getByRole('button', { name: 'Supprimer le commentaire de Samuel Eto' }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer ce commentaire ?' });
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Commentaire supprimé')).toBeVisible();
  await expect(comments.getByRole('listitem')).toHaveCount(1);
  await expect(comments).not.toContainText('Bonjour de Samuel !');

  await comments.getByRole('button', { name: 'Signaler l’auteur : Bernadette Ngo Mbock' }).click();
  const report = page.getByRole('dialog', { name: 'Signaler Bernadette Ngo Mbock' });
  await report.getByLabel('Précision (facultatif)').fill('Publicité répétée sous mes photos.');
  await report.getByRole('button', { name: 'Envoyer le signalement' }).click();
  // No reason chosen: the message at the field, the text typed kept.
  await expect(report.locator('#report-reason-error')).toHaveText('Choisissez un motif');
  await expect(report.getByLabel('Motif')).toHaveAttribute('aria-invalid', 'true');
  await expect(report.getByLabel('Précision (facultatif)')).toHaveValue('Publicité répétée sous mes photos.');
  await expectNoAxeViolations(page, 'report dialog');
  await shot(page, testInfo, 'comments-report-dialog');
  await report.getByLabel('Motif').selectOption({ label: 'Spam' });
  await report.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page.getByText('Signalement envoyé')).toBeVisible();
  await expect(report).toBeHidden();
});

test('someone else’s event reads “Événement introuvable” on both screens; an event without anyone says so', async ({
  page,
  request,
}, testInfo) => {
  const owner = await account(request, testInfo, 'own', 'Aline', 'Tchoupo');
  const stranger = await account(request, testInfo, 'str', 'Paul', 'Biya');
  const created = await request.post('/api/events', {
    headers: owner.headers,
    data: eventBody(`Atelier ${randomBytes(2).toString('hex')}`, 72, { maxParticipants: 30 }),
  });
  const event = (await created.json()).event as { _id: string };
  await loginAs(page, request, owner.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${event._id}/participants`);
  await expect(page.getByText('Personne ne participe encore à cet évènement.')).toBeVisible();
  await expect(page.getByTestId('participants-count')).toHaveText('0 / 30 participants');
  await expectNoAxeViolations(page, 'participants empty');
  await shot(page, testInfo, 'participants-empty');
  await page.goto(`/mon-compte/evenements/${event._id}/commentaires`);
  await expect(page.getByText('Aucun commentaire sur cet évènement pour le moment.')).toBeVisible();
  await expectNoAxeViolations(page, 'comments empty');

  // Someone else, on the same phone.
  await page.evaluate((token) => window.localStorage.setItem('token', token), stranger.token);
  for (const screen of ['participants', 'commentaires']) {
    await page.goto(`/mon-compte/evenements/${event._id}/${screen}`);
    await expect(page.getByText('Événement introuvable')).toBeVisible();
  }
  await shot(page, testInfo, 'comments-not-found');
});
