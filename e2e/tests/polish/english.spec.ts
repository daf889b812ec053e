import { expect, type Page, test } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import { loginAsSuperadmin } from '../../fixtures/auth';

/**
 * Issue 17: with 'English' chosen, no French is left in the back office or on /GetStarted.
 * Words and phrases from the spec's French texts; any of them on a screen fails the walk.
 * (The brand 'Évènements Cameroun' and the test's own data are removed before the check.)
 */
const FRENCH = [
  'Événement',
  'événement',
  'Évènement',
  'évènement',
  'Accueil',
  'Paramètres',
  'Déconnexion',
  'Rechercher',
  'Statut',
  'Créer',
  'Supprimer',
  'Modifier',
  'Enregistrer',
  'Annuler',
  'requis',
  'requise',
  'Catégorie',
  'Toutes les',
  'Tous les',
  'Liste d’attente',
  "Liste d'attente",
  'Utilisateurs',
  'Chargement',
  'Réessayer',
  'Bienvenue',
  'Mot de passe',
  'Connexion',
  "S'inscrire",
  'Se connecter',
  'Se Connecter',
  'Téléphone',
  'Prénom',
  "Nom d'utilisateur",
  'Gratuit',
  'Brouillon',
  'Publié',
  'Annulé',
  'Conférence',
  'Gastronomie',
  'Formation',
  'Bientôt disponible',
  'Aucun',
  'Aucune',
  'Administrateur',
  'Rôle',
  'Signalements',
  'Publicités',
  'Messagerie',
  'Statistiques',
  'Parrainage',
  'Récompense',
  'Règle',
  'Mon compte',
  'Inscription',
  'inscrit',
  'Valider',
  'Retour',
  'Fermer',
  'Précédent',
  'Suivant',
  'Première page',
  'Dernière page',
  ' sur ',
  'Date invalide',
  'Non disponible',
  'Erreur',
  'Oui',
  'Non ',
  'janvier',
  'février',
  'mars',
  'avril',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
];

const shot = shotsIn('polish', { prefix: 'en-' });
const DATA = ['Évènements Cameroun', 'Douala', 'Akwa'];

async function expectNoFrench(page: Page, where: string) {
  // Wait for the screen to settle: no skeleton, no 'Loading...'.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const text = await page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll('[aria-label],[placeholder],[title]')).map((element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? '').join(' '),
    );
    return `${document.body.innerText}\n${labels.join('\n')}\n${document.title}`;
  });
  let cleaned = text;
  for (const value of DATA) cleaned = cleaned.split(value).join('');
  const found = FRENCH.filter((word) => cleaned.includes(word));
  const context = found.map((word) => {
    const at = cleaned.indexOf(word);
    return `'${word}' in “…${cleaned.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}…”`;
  });
  expect(context, `French left on ${where}`).toEqual([]);
}

test.use({ locale: 'en-GB' });

test('English: every back-office screen and dialog, then /GetStarted, without French', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const token = await loginAsSuperadmin(page, request);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  // Data so the lists, the detail and the dates are not empty.
  const created = await request.post('/api/events', {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    data: {
      title: 'English walk party',
      description: 'A party for the English walk',
      startDateTime: '2027-03-06T18:00:00+01:00',
      endDateTime: '2027-03-06T23:00:00+01:00',
      location: { address: 'Akwa', city: 'Douala', country: 'Cameroun' },
      category: 'conference',
      tags: [],
      ticketTypes: [{ name: 'Standard', price: 0, quantity: 10, description: '' }],
      maxParticipants: 10,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const screens = [
    '/admin',
    '/admin/events',
    '/admin/transactions',
    '/admin/partners',
    '/admin/ads',
    '/admin/messages',
    '/admin/waitlist',
    '/admin/users',
    '/admin/stats',
    '/admin/business',
    '/admin/referrals',
    '/admin/rewards',
    '/admin/reward-rules',
    '/admin/administration',
    '/admin/roles',
    '/admin/reports',
    '/admin/settings',
    '/mon-compte',
  ];
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.locator('main h1, h1').first()).toBeVisible();
    await expectNoFrench(page, screen);
    if (testInfo.project.name === 'desktop') await shot(page, testInfo, screen.replace(/\W+/g, '-'));
  }

  // The event creation dialog, with every validation message showing.
  await page.goto('/admin/events?create=1');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: /^Create/ })
    .last()
    .click();
  await expect(dialog.getByText('The title is required')).toBeVisible();
  await expectNoFrench(page, 'the event creation dialog with its validation messages');
  await shot(page, testInfo, 'create-event-errors');
  await page.keyboard.press('Escape');

  // The event detail, with its category and dates.
  // Other tests' events fill the first page of the shared server: find this one by its title.
  await page.goto('/admin/events');
  await page.getByRole('searchbox', { name: 'Search' }).fill('English walk party');
  await page.getByText('English walk party').first().click();
  await expect(page.locator('span', { hasText: /^Conference$/ }).first()).toBeVisible();
  await expectNoFrench(page, 'the event detail');

  // The add-administrator dialog, submitted empty.
  await page.goto('/admin/administration');
  await page.getByRole('button', { name: /Add/ }).first().click();
  const addAdmin = page.getByRole('dialog');
  await expect(addAdmin).toBeVisible();
  await addAdmin
    .getByRole('button', { name: /Add|Create|Save/ })
    .last()
    .click();
  await expectNoFrench(page, 'the add-administrator dialog');
  await page.keyboard.press('Escape');

  // The add-partner dialog, submitted empty.
  await page.goto('/admin/partners');
  await page.getByRole('button', { name: 'Add a partner' }).click();
  const addPartner = page.getByRole('dialog');
  await expect(addPartner).toBeVisible();
  await addPartner.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(addPartner.getByText('The name is required')).toBeVisible();
  await expectNoFrench(page, 'the add-partner dialog');
  await page.keyboard.press('Escape');

  // Settings: a wrong value shows an English message.
  await page.goto('/admin/settings');
  const siteName = page.getByLabel(/Site name/i);
  await siteName.fill('');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('The site name is required')).toBeVisible();
  await expectNoFrench(page, 'the settings form with an error');

  // Signed out: /GetStarted, its sign-in, sign-up and reset views, with their validation messages.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/GetStarted');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectNoFrench(page, '/GetStarted sign-in with errors');
  await shot(page, testInfo, 'get-started-login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page
    .getByRole('button', { name: /Sign up|Create/ })
    .last()
    .click();
  await expectNoFrench(page, '/GetStarted sign-up with errors');
  await shot(page, testInfo, 'get-started-register');
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Forgot/ }).click();
  await expectNoFrench(page, '/GetStarted password reset');
});
