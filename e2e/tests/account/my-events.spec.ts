import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { bigPhoto, smallPhoto } from '../../fixtures/photos';
import { shotsIn } from '../../fixtures/shots';

/**
 * Issue 27 items 1 and 2: 'Mes évènements' by tab, and an event created step by step on a phone
 * (one form on a desktop) with two photos resized in the browser, saved as a draft, edited and
 * duplicated.
 */
const shot = shotsIn('my-events', { noSidewaysScroll: true, fullPage: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

async function organiser(page: Page, request: Parameters<typeof registerVerified>[0], testInfo: TestInfo) {
  const id = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;
  const account = {
    username: `org_${id}`,
    email: `org.${id}@example.cm`,
    password: PASSWORD,
    firstName: 'Ngo',
    lastName: `Biyong ${id}`,
  };
  await registerVerified(request, account);
  await loginAs(page, request, account.email, PASSWORD);
  return id;
}

test('Mes évènements: empty, create with two photos over the steps, draft with its cover, edit, duplicate', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const mobile = testInfo.project.name === 'mobile';
  const id = await organiser(page, request, testInfo);
  const title = `Soirée makossa ${id}`;

  await page.goto('/mon-compte');
  await page.getByRole('link', { name: 'Mes évènements' }).first().click();
  await expect(page).toHaveURL(/\/mon-compte\/evenements$/);
  await expect(page.getByText('Vous n’avez encore créé aucun évènement')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Brouillons/ })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page, 'my events, empty');
  await shot(page, testInfo, 'empty');

  await page.getByRole('link', { name: 'Créer un évènement' }).click();
  await expect(page.getByRole('heading', { name: 'Créer un évènement', level: 1 })).toBeVisible();
  const next = page.getByRole('button', { name: 'Suivant' });

  // Informations: a missing title is said at the field, in French, and the step does not change.
  await page.getByLabel('Description', { exact: true }).fill('Makossa et bikutsi au bord du Wouri, entrée libre avant 21 h.');
  await page.getByLabel('Catégorie').selectOption('concert');
  if (mobile) {
    await next.click();
    await expect(page.getByText('Le titre est requis')).toBeVisible();
    await expect(page.getByText('Étape 1 sur 6')).toBeVisible();
    await shot(page, testInfo, 'step-info-error');
  }
  await page.getByLabel('Titre').fill(title);
  // Tags: Enter adds one, a repeated one is not added twice, × removes one.
  const tagBox = page.getByLabel('Tags', { exact: true });
  for (const tag of ['makossa', 'bikutsi', 'makossa', 'wouri']) {
    await tagBox.fill(tag);
    await tagBox.press('Enter');
  }
  const tagList = page.getByRole('list', { name: 'Tags ajoutés' });
  await expect(tagList.getByRole('listitem')).toHaveText(['makossa×', 'bikutsi×', 'wouri×']);
  await page.getByRole('button', { name: 'Retirer le tag wouri' }).click();
  await expect(tagList.getByRole('listitem')).toHaveText(['makossa×', 'bikutsi×']);
  await expect(tagBox).toHaveValue('');
  await shot(page, testInfo, 'step-info-tags');
  if (mobile) {
    await expectNoAxeViolations(page, 'step Informations');
    await next.click();
    await expect(page.getByText('Étape 2 sur 6 · Date et heure')).toBeVisible();
  }
  await page.getByLabel('Date de début').fill('2099-03-14');
  await page.getByLabel('Heure de début').fill('20:00');
  await page.getByLabel('Date de fin').fill('2099-03-14');
  await page.getByLabel('Heure de fin').fill('23:30');
  if (mobile) await next.click();
  await page.getByLabel('Adresse').fill('Quai du Wouri');
  await page.getByLabel('Ville').fill('Douala');
  // The position refused by the browser: a clear message, the address stays.
  await page.getByRole('button', { name: 'Utiliser ma position' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Position refusée' })).toBeVisible();
  if (mobile) {
    await shot(page, testInfo, 'step-place');
    await next.click();
    await next.click();
    await expect(page.getByText('Étape 5 sur 6 · Images')).toBeVisible();
  }
  const big = await bigPhoto();
  await page.getByLabel('Choisir dans la galerie').setInputFiles([
    { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: big },
    { name: 'affiche.png', mimeType: 'image/png', buffer: await smallPhoto() },
  ]);
  const picked = page.getByRole('list', { name: 'Images' }).getByRole('listitem');
  await expect(picked).toHaveCount(2);
  await expectNoAxeViolations(page, 'images picked');
  await shot(page, testInfo, 'images');

  const upload = page.waitForRequest((sent) => /\/api\/events\/[^/]+\/images$/.test(sent.url()) && sent.method() === 'POST');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  const sentBytes = (await upload).postDataBuffer()?.length ?? 0;
  testInfo.annotations.push({ type: 'upload', description: `photo ${big.length} bytes; both photos sent in ${sentBytes} bytes` });
  expect(big.length).toBeGreaterThan(2_000_000);
  expect(sentBytes).toBeLessThan(1_000_000);

  // Saved: on to the event's hub (decision 043), then back to the list. The server re-encodes both photos first.
  await expect(page).toHaveURL(/\/mon-compte\/evenements\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('Brouillon enregistré')).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Retour à mes évènements' }).click();
  await expect(page.getByRole('tab', { name: /Brouillons/ })).toContainText('1');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/uploads\/.+-card\.webp$/);
  await expect(card.getByText('Participants : 0/100')).toBeVisible();
  await expectNoAxeViolations(page, 'my events with a draft');
  await shot(page, testInfo, 'drafts');

  // Edit: the form comes back filled; the new title is listed.
  await card.getByRole('link', { name: `Modifier « ${title} »` }).click();
  await expect(page.getByRole('heading', { name: 'Modifier l’évènement' })).toBeVisible();
  await expect(page.getByLabel('Titre')).toHaveValue(title);
  // The saved tags come back; one added and one removed are saved too.
  await expect(tagList.getByRole('listitem')).toHaveText(['makossa×', 'bikutsi×']);
  await tagBox.fill('plage');
  await tagBox.press('Enter');
  await page.getByRole('button', { name: 'Retirer le tag bikutsi' }).click();
  await page.getByLabel('Titre').fill(`${title} (2e édition)`);
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page.getByRole('heading', { name: `${title} (2e édition)`, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Modifier', exact: true }).click();
  await expect(page.getByLabel('Titre')).toHaveValue(`${title} (2e édition)`);
  await expect(tagList.getByRole('listitem')).toHaveText(['makossa×', 'plage×']);
  await page.goBack();
  await expect(page.getByRole('heading', { name: `${title} (2e édition)`, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Retour à mes évènements' }).click();
  const edited = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title} (2e édition)` }) });
  await expect(edited).toHaveCount(1);

  // Duplicate: a second draft, a week later, with the cover.
  await edited.getByRole('button', { name: `Dupliquer « ${title} (2e édition) »` }).click();
  await expect(page.getByText('Copie créée dans les brouillons')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Brouillons/ })).toContainText('2');
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title} (2e édition)` }) }),
  ).toHaveCount(2);
  await expect(page.getByText('21 mars 2099')).toBeVisible();
  await shot(page, testInfo, 'duplicated');
});
