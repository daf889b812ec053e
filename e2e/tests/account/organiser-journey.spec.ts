import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { exclusive } from '../../fixtures/exclusive';
import { otpBoxes } from '../../fixtures/otp';
import { codeFromOutbox } from '../../fixtures/outbox';
import { smallPhoto } from '../../fixtures/photos';
import { registerVerified } from '../../fixtures/accounts';
import { shotsIn } from '../../fixtures/shots';
import { feedPhoto, phoneOf, ticketPhoto } from '../../fixtures/tickets';

/**
 * Issue 27 "Done when", in one go: a new organiser signs up through the form, creates an event
 * with two photos (over the steps on a phone, one form on a desktop), publishes and shares it; a
 * second account joins on the public page; the organiser sees them in 'Participants', reads their
 * ticket's QR code at the door ('Valide', then 'Déjà scanné'), reads the statistics, edits the
 * profile and deletes the account, then cannot sign in. Each piece has its own spec; this one
 * checks they hold together.
 */
const shot = shotsIn('organiser-journey', { noSidewaysScroll: true });
const PASSWORD = 'Ebolowa-Cacao-2026!';
const freshIp = () => `10.31.${randomInt(250)}.${randomInt(250)}`;

test('an organiser’s journey: sign up, create, publish, share, a participant, the door, statistics, profile, deletion', async ({
  page,
  request,
  browser,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const mobile = testInfo.project.name === 'mobile';
  const id = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;
  const email = `parcours.${id}@example.cm`;
  const title = `Festival du Ndolé ${id}`;

  // Sign up through the form; the six digits from the e-mail verify without a tap; then sign in.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshIp() });
  await page.goto('/GetStarted');
  await page.getByRole('tab', { name: "S'inscrire" }).click();
  await page.getByLabel('Prénom').fill('Esther');
  await page.getByLabel('Nom', { exact: true }).fill(`Mbarga ${id}`);
  await page.getByRole('textbox', { name: "Nom d'utilisateur" }).fill(`parcours_${id}`);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await expectNoAxeViolations(page, 'sign-up form');
  await shot(page, testInfo, 'sign-up');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByRole('heading', { name: 'Vérification du compte' })).toBeVisible();
  await expectNoAxeViolations(page, 'code view');
  const code = await codeFromOutbox(email);
  await otpBoxes(page).first().click();
  await page.keyboard.type(code);
  await expect(page.getByText('Compte vérifié avec succès! Un email de confirmation vous a été envoyé.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/mon-compte');
  await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'my account');

  // Create the event: over the steps on a phone, one form on a desktop; two photos.
  await page.getByRole('link', { name: 'Mes évènements' }).first().click();
  await expect(page.getByText('Vous n’avez encore créé aucun évènement')).toBeVisible();
  await expectNoAxeViolations(page, 'my events, empty');
  await page.getByRole('link', { name: 'Créer un évènement' }).click();
  await expect(page.getByRole('heading', { name: 'Créer un évènement', level: 1 })).toBeVisible();
  const next = page.getByRole('button', { name: 'Suivant' });
  await page.getByLabel('Titre').fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Ndolé, miondo et musique live au bord du Wouri.');
  await page.getByLabel('Catégorie').selectOption('concert');
  if (mobile) {
    await expectNoAxeViolations(page, 'step Informations');
    await next.click();
    await expect(page.getByText('Étape 2 sur 6 · Date et heure')).toBeVisible();
  }
  await page.getByLabel('Date de début').fill('2099-05-20');
  await page.getByLabel('Heure de début').fill('18:00');
  await page.getByLabel('Date de fin').fill('2099-05-20');
  await page.getByLabel('Heure de fin').fill('23:00');
  if (mobile) {
    await expectNoAxeViolations(page, 'step Date et heure');
    await next.click();
  }
  await page.getByLabel('Adresse').fill('Boulevard de la Liberté, Akwa');
  await page.getByLabel('Ville').fill('Douala');
  if (mobile) {
    await expectNoAxeViolations(page, 'step Lieu');
    await next.click();
    await next.click();
    await expect(page.getByText('Étape 5 sur 6 · Images')).toBeVisible();
  }
  const photo = await smallPhoto();
  await page.getByLabel('Choisir dans la galerie').setInputFiles([
    { name: 'affiche.png', mimeType: 'image/png', buffer: photo },
    { name: 'scene.png', mimeType: 'image/png', buffer: photo },
  ]);
  await expect(page.getByRole('list', { name: 'Images' }).getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page, 'event form, images');
  await shot(page, testInfo, 'images');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();

  // The hub: publish, then copy the public page's link.
  await expect(page).toHaveURL(/\/mon-compte\/evenements\/[0-9a-f-]{36}$/);
  const hub = page.url();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('hub-status')).toHaveText('Brouillon');
  await expectNoAxeViolations(page, 'hub, draft');
  // 'Publier' publishes while 'Approbation requise' is off: the lock of the specs that turn it on keeps it off.
  await exclusive(
    'approval-required',
    async () => {
      await page.getByRole('button', { name: 'Publier' }).click();
      await expect(page.getByTestId('hub-status')).toHaveText('Publié');
    },
    300_000,
  );
  await expect(page.getByText('Évènement publié')).toBeVisible();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await expect(page.getByLabel('Adresse de la page')).toHaveValue(link);
  await expectNoAxeViolations(page, 'hub, published');
  await shot(page, testInfo, 'hub-published');

  // A second account opens the link and joins, then opens its ticket.
  const guest = { username: `invite_${id}`, email: `invite.${id}@example.cm`, firstName: 'Awa', lastName: `Tchoumi ${id}` };
  await registerVerified(request, { ...guest, password: PASSWORD });
  const awa = await phoneOf(browser, request, page, guest.email, PASSWORD);
  await awa.phone.goto(link);
  await expect(awa.phone.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const toggle = awa.phone.getByRole('button', { name: 'Je participe' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(awa.phone.getByTestId('participants')).toHaveText('1');
  await expectNoAxeViolations(awa.phone, 'public page, taking part');
  await shot(awa.phone, testInfo, 'public-page');

  // The organiser sees her in 'Participants'.
  await page.goto(hub);
  await page.getByRole('link', { name: 'Participants', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Liste des participants' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(`Awa Tchoumi ${id}`);
  await expectNoAxeViolations(page, 'participants');
  await shot(page, testInfo, 'participants');

  await awa.phone.goto('/mon-compte/participations');
  await awa.phone.getByRole('link', { name: `Mon billet pour « ${title} »` }).click();
  await expect(awa.phone.getByRole('heading', { level: 1, name: 'Mon billet' })).toBeVisible();
  const ticket = await ticketPhoto(awa.phone);
  await expectNoAxeViolations(awa.phone, 'ticket');
  await shot(awa.phone, testInfo, 'ticket');
  await awa.context.close();

  // The door reads the ticket's picture: valid, then already scanned.
  await page.goto(hub);
  await page.getByRole('link', { name: 'Contrôle des entrées' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrée' })).toBeVisible();
  await expect(page.locator('[data-count="registered"]')).toHaveText('1');
  await expectNoAxeViolations(page, 'door');
  const result = page.locator('[data-scan-result]');
  await feedPhoto(page, ticket, 'billet-awa.png');
  await expect(result).toHaveAttribute('data-scan-result', 'valid');
  await expect(result).toContainText('Valide');
  await expect(result).toContainText(`Awa Tchoumi ${id}`);
  await expect(page.locator('[data-count="admitted"]')).toHaveText('1');
  await expectNoAxeViolations(page, 'door, valid');
  await shot(page, testInfo, 'door-valid');
  await feedPhoto(page, ticket, 'billet-awa-encore.png');
  await expect(result).toHaveAttribute('data-scan-result', 'already');
  await expect(result).toContainText(/Déjà scanné à \d{2}:\d{2}/);
  await expectNoAxeViolations(page, 'door, already scanned');
  await shot(page, testInfo, 'door-already');

  // The statistics: one participant.
  await page.goto(hub);
  await page.getByRole('link', { name: 'Statistiques', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
  await expect(page.getByTestId('stat-participants')).toContainText('1');
  await expectNoAxeViolations(page, 'statistics');
  await shot(page, testInfo, 'statistics');

  // The profile: a new city, kept after a reload.
  await page.goto('/mon-compte/profil');
  await expect(page.getByRole('heading', { name: 'Mon profil', level: 1 })).toBeVisible();
  const info = page.getByRole('region', { name: 'Informations' });
  await info.getByLabel(/^Ville/).fill('Kribi');
  await info.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré')).toBeVisible();
  await page.reload();
  await expect(info.getByLabel(/^Ville/)).toHaveValue('Kribi');
  await expectNoAxeViolations(page, 'profile');
  await shot(page, testInfo, 'profile');

  // Deleted with SUPPRIMER and the password; signing in again fails.
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement mon compte' });
  await dialog.getByLabel('Tapez SUPPRIMER pour confirmer').fill('SUPPRIMER');
  await dialog.getByLabel('Votre mot de passe').fill(PASSWORD);
  await expectNoAxeViolations(page, 'delete dialog');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page.getByText('Votre compte a été supprimé. Vos données personnelles ont été effacées.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await page.goto('/GetStarted');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Identifiants invalides');
  await expectNoAxeViolations(page, 'sign-in refused');
  await shot(page, testInfo, 'sign-in-refused');
});
