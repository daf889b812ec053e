import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { publishOwnEvent } from '../../fixtures/approval';
import { loginAs } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { codeFromOutbox } from '../../fixtures/outbox';
import { shotsIn } from '../../fixtures/shots';

/** Issue 27 item 8, decision 048: change of e-mail with a code, the data download, the deletion, the privacy page. */
const shot = shotsIn('account-rights', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';

test('a user changes their e-mail with the code sent to it, downloads their data, deletes the account and cannot sign in again', async ({
  page,
  request,
}, testInfo) => {
  const username = `droits_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const oldEmail = `${username}@example.cm`;
  const newEmail = `${username}.nouveau@example.cm`;
  await registerVerified(request, { username, email: oldEmail, password: PASSWORD, firstName: 'Brice', lastName: 'Kamga' });
  const token = await loginAs(page, request, oldEmail, PASSWORD);
  // An event of theirs, published: it stays after the deletion, organised by 'Anonyme'.
  const headers = { authorization: `Bearer ${token}` };
  const start = new Date(Date.now() + 10 * 86_400_000);
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: `Soirée de Brice ${username}`,
      description: 'Une soirée au bord du Wouri.',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      location: { address: 'Rue Joss', city: 'Douala' },
      category: 'concert',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { _id: string; publicPath: string } };
  await publishOwnEvent(request, token, event._id);

  await page.goto('/mon-compte/profil');
  const contacts = page.getByRole('region', { name: 'Adresse e-mail et téléphone' });
  await expect(contacts.locator('[data-contact="Adresse e-mail"]')).toHaveText(oldEmail);
  await expectNoAxeViolations(page, 'profile, account rights');
  await shot(page, testInfo, 'profile');

  // Change of e-mail: the code goes to the new address; six digits typed check it at once.
  await contacts.getByRole('button', { name: 'Changer l’adresse e-mail' }).click();
  await contacts.getByLabel('Nouvelle adresse e-mail').fill(newEmail);
  await contacts.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(contacts.getByText(`Code envoyé à ${newEmail}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'profile, code entry');
  await shot(page, testInfo, 'contact-code');
  // Until the code comes back, the old address still signs in.
  expect((await request.post('/api/users/login', { data: { identifier: oldEmail, password: PASSWORD } })).status()).toBe(200);
  const code = await codeFromOutbox(newEmail);
  await contacts.getByLabel('Code reçu (6 chiffres)').pressSequentially(code);
  await expect(contacts.locator('[data-contact="Adresse e-mail"]')).toHaveText(newEmail);
  expect((await request.post('/api/users/login', { data: { identifier: oldEmail, password: PASSWORD } })).status()).toBe(401);

  // 'Télécharger mes données': a JSON file of the account, without secrets.
  const data = page.getByRole('region', { name: 'Mes données' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Télécharger mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync((await download.path()) as string, 'utf8');
  const exported = JSON.parse(text) as { account: { email: string; username: string }; events: { _id?: string; id: string }[] };
  expect(exported.account).toMatchObject({ email: newEmail, username });
  expect(exported.events.map((row) => row.id)).toEqual([event._id]);
  expect(text).not.toContain('passwordHash');
  expect(text).not.toContain(token);

  // 'Supprimer mon compte': the word typed by hand and the password.
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement mon compte' });
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByText('Tapez SUPPRIMER pour confirmer').last()).toBeVisible();
  await dialog.getByLabel('Tapez SUPPRIMER pour confirmer').fill('supprimer');
  await dialog.getByLabel('Votre mot de passe').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByText('Tapez exactement SUPPRIMER, en majuscules')).toBeVisible();
  await expectNoAxeViolations(page, 'delete dialog');
  await shot(page, testInfo, 'delete-dialog', { fullPage: false });
  await dialog.getByLabel('Tapez SUPPRIMER pour confirmer').fill('SUPPRIMER');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();

  // Signed out, on the landing page, which says so.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Votre compte a été supprimé. Vos données personnelles ont été effacées.')).toBeVisible();
  await shot(page, testInfo, 'deleted-landing', { fullPage: false });
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  expect((await request.get('/api/users/me', { headers })).status()).toBe(401);

  // Signing in again fails, with the sign-in's message.
  await page.goto('/GetStarted');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(newEmail);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Identifiants invalides');

  // The event keeps its page, organised by 'Anonyme'.
  await page.goto(event.publicPath);
  await expect(page.getByText('Organisé par : Anonyme')).toBeVisible();
});

test('the privacy page says what is kept and how to use the rights, and is linked from the footer and the sign-up form', async ({
  page,
}, testInfo) => {
  await page.goto('/evenements');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Confidentialité' }).click();
  await expect(page).toHaveURL(/\/confidentialite$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confidentialité et données personnelles' })).toBeVisible();
  for (const title of [
    '1. Les données que nous gardons',
    '3. Combien de temps',
    '4. Vos droits et comment les exercer',
    '6. La loi',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByText(/loi n° 2024\/017 du 23 décembre 2024/)).toBeVisible();
  await expectNoAxeViolations(page, '/confidentialite');
  await shot(page, testInfo, 'privacy');

  await page.goto('/GetStarted');
  await page.getByRole('tab', { name: "S'inscrire" }).click();
  await expect(page.getByRole('link', { name: 'Ce que nous gardons de vos données et pourquoi' })).toHaveAttribute(
    'href',
    '/confidentialite',
  );
});

test('in English: the sections and the server’s answers speak English', async ({ page, request }, testInfo) => {
  const username = `rights_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  await registerVerified(request, { username, email, password: PASSWORD, firstName: 'Grace', lastName: 'Ndongo' });
  await loginAs(page, request, email, PASSWORD);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/mon-compte/profil');
  for (const title of ['E-mail address and phone', 'My data', 'Delete my account']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  const contacts = page.getByRole('region', { name: 'E-mail address and phone' });
  await contacts.getByRole('button', { name: 'Change the e-mail address' }).click();
  await contacts.getByLabel('New e-mail address').fill(email);
  await contacts.getByRole('button', { name: 'Send the code' }).click();
  await expect(contacts.getByText('This is already your e-mail address')).toBeVisible();
  const text = await page.locator('main').innerText();
  for (const french of ['Adresse e-mail et téléphone', 'Mes données', 'Supprimer mon compte', 'Télécharger']) {
    expect(text, `"${french}" on the English profile`).not.toContain(french);
  }
  await expectNoAxeViolations(page, 'profile in English');
  await shot(page, testInfo, 'profile-english');
});
