import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import sharp from 'sharp';
import { superadminToken } from '../../fixtures/auth';

const shot = shotsIn('events', { fullPage: false });

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function signIn(page: Page, request: APIRequestContext) {
  const token = await superadminToken(request);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/** 'YYYY-MM-DD' and 'HH:MM' in Douala for now + `hours`. */
function doualaParts(hours: number) {
  const shifted = new Date(Date.now() + hours * 3600_000 + 3600_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

async function createViaApi(
  request: APIRequestContext,
  event: { title: string; category: string; startHours: number; endHours: number; city?: string },
  status: 'draft' | 'published' | 'cancelled' = 'draft',
) {
  const token = await superadminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const response = await request.post('/api/events', {
    headers,
    data: {
      title: event.title,
      description: 'Une belle soirée pour tous.',
      startDateTime: new Date(Date.now() + event.startHours * 3600_000).toISOString(),
      endDateTime: new Date(Date.now() + event.endHours * 3600_000).toISOString(),
      location: { address: 'Rue de la Joie, Akwa', city: event.city ?? 'Douala' },
      category: event.category,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = (await response.json()).event._id as string;
  if (status !== 'draft') expect((await request.put(`/api/events/${id}/publish`, { headers })).ok()).toBe(true);
  if (status === 'cancelled') expect((await request.put(`/api/events/${id}/cancel`, { headers })).ok()).toBe(true);
  return id;
}

const list = (page: Page) => page.getByRole('region', { name: 'Liste des événements' });
const detail = (page: Page) => page.getByRole('complementary', { name: "Détail de l'événement" });

async function search(page: Page, text: string) {
  await page.getByLabel('Rechercher').fill(text);
}

test('create an event with an image, see it as a draft, publish it, cancel it', async ({ page, request }, testInfo) => {
  await signIn(page, request);
  const id = unique(testInfo);
  const title = `Concert Makossa ${id}`;

  // The top bar's button links to ?create=1, which opens the dialog.
  await page.goto('/admin/events?create=1');
  const dialog = page.getByRole('dialog', { name: 'Créer un nouvel événement' });
  await expect(dialog).toBeVisible();
  for (const section of [
    'Informations de base',
    'Date et heure',
    'Localisation',
    'Catégorie et tags',
    'Types de billets',
    'Images',
    'Options supplémentaires',
  ]) {
    await expect(dialog.getByRole('group', { name: section })).toBeVisible();
  }
  await expect(dialog.getByText("PNG, JPG, GIF jusqu'à 10MB")).toBeVisible();

  // Nothing filled: the red box, the field messages, and the dialog stays open.
  await dialog.getByRole('button', { name: "Créer l'événement" }).click();
  await expect(dialog.getByRole('alert')).toContainText('Corrigez les champs signalés.');
  await expect(dialog.getByText('Le titre est requis')).toBeVisible();
  await expect(dialog.getByText('La catégorie est requise')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Titre').fill(title);
  await dialog.getByLabel('Description', { exact: true }).fill('Une nuit de makossa au bord du Wouri.');
  const start = doualaParts(48);
  await dialog.getByLabel('Date de début').fill(start.date);
  await dialog.getByLabel('Heure de début').fill('18:00');
  await dialog.getByLabel('Date de fin').fill(start.date);
  await dialog.getByLabel('Heure de fin').fill('17:00');
  await dialog.getByLabel('Adresse').fill('Boulevard de la Liberté');
  await dialog.getByLabel('Ville').fill('Douala');
  await dialog.getByLabel('Catégorie').selectOption({ label: 'Concert' });

  // Tags: Enter adds, trimmed, never empty, never twice.
  const tagInput = dialog.getByLabel('Tags', { exact: true });
  for (const tag of ['  makossa  ', 'makossa', '   ', 'live']) {
    await tagInput.fill(tag);
    await tagInput.press('Enter');
  }
  const tagList = dialog.getByRole('list', { name: 'Tags ajoutés' });
  await expect(tagList.getByRole('listitem')).toHaveText(['makossa×', 'live×']);

  // Ticket types: the first cannot be removed; an added one can.
  await expect(dialog.getByRole('button', { name: 'Retirer le billet 1' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '+ Ajouter un type de billet' }).click();
  await dialog.getByLabel('Nom', { exact: true }).nth(1).fill('VIP');
  await dialog.getByLabel('Prix (FCFA)').nth(1).fill('15000');
  await dialog.getByLabel('Quantité').nth(1).fill('20');
  await dialog.getByRole('button', { name: 'Retirer le billet 2' }).click();
  await expect(dialog.getByLabel('Nom', { exact: true })).toHaveCount(1);
  await dialog.getByRole('button', { name: '+ Ajouter un type de billet' }).click();
  await dialog.getByLabel('Nom', { exact: true }).nth(1).fill('VIP');
  await dialog.getByLabel('Prix (FCFA)').nth(1).fill('15000');
  await dialog.getByLabel('Quantité').nth(1).fill('20');

  // Images: a text file is refused, a real PNG previewed.
  const picker = dialog.locator('input[type=file]');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
  await expect(dialog.getByText("« notes.txt » n'est pas une image")).toBeVisible();
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();
  await picker.setInputFiles({ name: 'affiche.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: 'affiche.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Retirer le billet 2' }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'create-tickets-images');

  // End before start: refused by the form, the dialog stays open.
  await dialog.getByRole('button', { name: "Créer l'événement" }).click();
  await expect(dialog.getByText('La date de fin doit être après la date de début')).toBeVisible();
  await shot(page, testInfo, 'create-dialog');
  await dialog.getByLabel('Heure de fin').fill('23:30');

  await dialog.getByRole('button', { name: "Créer l'événement" }).click();
  await expect(dialog).toBeHidden();
  const panel = detail(page);
  await expect(panel.getByRole('heading', { name: title })).toBeVisible();
  await expect(panel.getByText('Brouillon')).toBeVisible();
  await expect(panel.getByText('Boulevard de la Liberté, Douala')).toBeVisible();
  await expect(panel.getByText('VIP')).toBeVisible();
  await expect(panel.getByText('#makossa')).toBeVisible();
  await expect(panel.getByText('18:00')).toBeVisible();
  const image = panel.locator('img[src^="/api/uploads/"]').first();
  await expect(image).toBeVisible();
  // decode() waits for the bytes (visible only means laid out) and fails on a broken image. The
  // panel (a phone's width, or a third of 1280) takes the 800 px copy of the 900 px image.
  expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.currentSrc))).toMatch(/-medium\.webp$/);

  await search(page, id);
  const card = list(page).getByRole('article').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Brouillon')).toBeVisible();
  await expect(card.getByText('0/100')).toBeVisible();
  await shot(page, testInfo, 'draft-detail', { fullPage: true });

  // Publish from the card, then cancel from the detail after confirming.
  await card.getByRole('button', { name: `Publier « ${title} »` }).click();
  await expect(card.getByText('Publié')).toBeVisible();
  await expect(card.getByRole('button', { name: /Publier/ })).toHaveCount(0);
  await expect(panel.getByText('Publié')).toBeVisible();
  await panel.getByRole('button', { name: "Annuler l'événement" }).click();
  const confirm = page.getByRole('dialog', { name: "Annuler l'événement" });
  await confirm.getByRole('button', { name: "Annuler l'événement" }).click();
  await expect(confirm).toBeHidden();
  await expect(panel.getByText('Annulé')).toBeVisible();
  await expect(card.getByText('Annulé')).toBeVisible();
  // Cancelled offers no status action.
  await expect(panel.getByRole('button', { name: /Publier|Annuler l'événement/ })).toHaveCount(0);
  await shot(page, testInfo, 'cancelled', { fullPage: true });
});

test('edit then Annuler restores; save; delete after the confirmation', async ({ page, request }, testInfo) => {
  await signIn(page, request);
  const id = unique(testInfo);
  const title = `Salon du livre ${id}`;
  await createViaApi(request, { title, category: 'art', startHours: 72, endHours: 76 });
  await page.goto('/admin/events');
  await expect(detail(page).getByText('Sélectionnez un événement pour voir les détails')).toBeVisible();
  await search(page, id);
  await list(page).getByRole('button', { name: title, exact: true }).click();
  const panel = detail(page);
  await expect(panel.getByRole('heading', { name: title })).toBeVisible();
  await expect(panel.getByText('Super Admin')).toBeVisible();

  // Images in the detail: add two, remove the first (the second becomes the cover).
  await expect(panel.getByText('Images (0/10)')).toBeVisible();
  const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 180, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();
  await panel.locator('input[type=file]').setInputFiles([
    { name: 'salle.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'scene.jpg', mimeType: 'image/jpeg', buffer: jpeg },
  ]);
  await expect(panel.getByText('Images (2/10)')).toBeVisible();
  await panel.getByRole('button', { name: "Retirer l'image 1" }).click();
  await expect(panel.getByText('Images (1/10)')).toBeVisible();
  await expect(panel.getByRole('img', { name: 'Image 1' })).toBeVisible();

  await panel.getByRole('button', { name: 'Modifier' }).click();
  await panel.getByLabel('Titre').fill('Titre changé puis abandonné');
  await panel.getByLabel('Ville').fill('Garoua');
  await shot(page, testInfo, 'edit-mode', { fullPage: true });
  await panel.getByRole('button', { name: 'Annuler' }).click();
  await expect(panel.getByRole('heading', { name: title })).toBeVisible();
  await expect(panel.getByText('Rue de la Joie, Akwa, Douala')).toBeVisible();
  await panel.getByRole('button', { name: 'Modifier' }).click();
  await expect(panel.getByLabel('Titre')).toHaveValue(title);
  await expect(panel.getByLabel('Ville')).toHaveValue('Douala');

  const renamed = `Salon du livre de Yaoundé ${id}`;
  await panel.getByLabel('Titre').fill(renamed);
  await panel.getByLabel('Ville').fill('Yaoundé');
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(panel.getByText('Rue de la Joie, Akwa, Yaoundé')).toBeVisible();
  await expect(list(page).getByRole('button', { name: renamed, exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog', { name: "Supprimer l'événement" });
  await expect(confirm.getByText('Êtes-vous sûr de vouloir supprimer cet événement ?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(panel.getByRole('heading', { name: renamed })).toBeVisible();
  await panel.getByRole('button', { name: 'Supprimer' }).click();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(panel.getByText('Sélectionnez un événement pour voir les détails')).toBeVisible();
  await expect(list(page).getByText('Aucun événement trouvé')).toBeVisible();
});

test('search without accents and each filter', async ({ page, request }, testInfo) => {
  await signIn(page, request);
  const id = unique(testInfo);
  await createViaApi(
    request,
    { title: `Fête à Yaoundé ${id}`, category: 'festival', startHours: 24, endHours: 30, city: 'Yaoundé' },
    'published',
  );
  await createViaApi(request, { title: `Dîner gourmand ${id}`, category: 'food', startHours: -50, endHours: -46 });
  await createViaApi(request, { title: `Match de gala ${id}`, category: 'sport', startHours: -0.5, endHours: 0.5 }, 'cancelled');

  await page.goto('/admin/events');
  const titles = list(page).getByRole('article').getByRole('heading');
  await search(page, `fete a yaounde ${id}`);
  await expect(titles).toHaveText([`Fête à Yaoundé ${id}`]);
  await search(page, `DINER GOURMAND ${id}`);
  await expect(titles).toHaveText([`Dîner gourmand ${id}`]);

  await search(page, id);
  await expect(titles).toHaveCount(3);
  await expect(list(page).getByText('3 événement(s)')).toBeVisible();

  const status = page.getByLabel('Statut');
  await status.selectOption({ label: 'Brouillon' });
  await expect(titles).toHaveText([`Dîner gourmand ${id}`]);
  await status.selectOption({ label: 'Publié' });
  await expect(titles).toHaveText([`Fête à Yaoundé ${id}`]);
  await status.selectOption({ label: 'Annulé' });
  await expect(titles).toHaveText([`Match de gala ${id}`]);
  await status.selectOption({ label: 'Tous les statuts' });

  const category = page.getByLabel('Catégorie');
  await category.selectOption({ label: 'Gastronomie' });
  await expect(titles).toHaveText([`Dîner gourmand ${id}`]);
  await category.selectOption({ label: 'Sport' });
  await expect(titles).toHaveText([`Match de gala ${id}`]);
  await category.selectOption({ label: 'Concert' });
  await expect(list(page).getByText('Aucun événement trouvé')).toBeVisible();
  await category.selectOption({ label: 'Toutes les catégories' });

  const date = page.getByLabel('Date', { exact: true });
  await date.selectOption({ label: 'À venir' });
  await expect(titles).toHaveText([`Fête à Yaoundé ${id}`]);
  await date.selectOption({ label: 'Passés' });
  await expect(titles).toHaveText([`Dîner gourmand ${id}`]);
  await date.selectOption({ label: "Aujourd'hui" });
  await expect(titles).toHaveText([`Match de gala ${id}`]);
  await shot(page, testInfo, 'filters', { fullPage: true });
  await date.selectOption({ label: 'Toutes les dates' });
  await expect(titles).toHaveCount(3);

  // Keyboard: Enter on a card opens its detail and focuses it; closing returns to the card.
  const matchButton = list(page).getByRole('button', { name: `Match de gala ${id}`, exact: true });
  await matchButton.focus();
  await page.keyboard.press('Enter');
  const matchHeading = detail(page).getByRole('heading', { name: `Match de gala ${id}` });
  await expect(matchHeading).toBeFocused();
  // At 360 px the detail sits below the list: it is scrolled into view.
  await expect(matchHeading).toBeInViewport();
  await expect(detail(page).getByText('Annulé')).toBeVisible();
  await shot(page, testInfo, 'list-detail');
  await detail(page).getByRole('button', { name: 'Fermer le détail' }).press('Enter');
  await expect(matchButton).toBeFocused();
  await expect(detail(page).getByText('Sélectionnez un événement pour voir les détails')).toBeVisible();
});
