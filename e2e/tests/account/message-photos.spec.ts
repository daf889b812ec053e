import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import sharp from 'sharp';
import { bigPhoto } from '../../fixtures/photos';
import { shotsIn } from '../../fixtures/shots';

/*
 * Issue 29, decision 065: a participant sends a photo to an event's organiser — chosen with the
 * keyboard-reachable 'Ajouter une photo', made light in the browser, previewed with its progress,
 * removable before sending — and the organiser sees it in the thread, opens it full size, and
 * answers with a photo alone, which the participant's open thread shows without a reload.
 */

const shot = shotsIn('message-photos', { noSidewaysScroll: true });
const PASSWORD = 'Bonaberi-Photo-42!';

/** A 900×600 drawing of an entrance (PNG): shapes a screenshot tells apart from the bubbles. */
function planPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <rect width="900" height="600" fill="#fef3c7"/>
    <rect x="80" y="80" width="740" height="440" fill="none" stroke="#92400e" stroke-width="14"/>
    <rect x="380" y="470" width="140" height="64" fill="#dc2626"/>
    <circle cx="260" cy="260" r="80" fill="#2563eb"/>
    <path d="M560 200 h160 v160 h-160z" fill="#16a34a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A page of its own browser context, signed in with `token`, at this project's size. */
async function signedInPage(browser: Browser, token: string, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: viewport ?? undefined,
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
  });
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return context.newPage();
}

/** The photo of a bubble has loaded (its light copy, at most 640 px), in a box the size the layout gave it. */
async function expectLoaded(page: Page, alt: string) {
  const photo = page.getByRole('list', { name: 'Messages' }).getByRole('img', { name: alt }).last();
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect(photo).toHaveAttribute('src', /^\/api\/uploads\/[0-9a-f-]{36}-message-small\.webp$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const box = await photo.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(256.5);
  expect(box?.height).toBeLessThanOrEqual(320.5);
  return photo;
}

test('a participant sends a photo with text; the organiser sees it, opens it and answers with a photo alone', async ({
  browser,
  page: defaultPage,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const organiser = await signedInAccount(request, testInfo, 'orgphoto', PASSWORD);
  const participant = await signedInAccount(request, testInfo, 'partphoto', PASSWORD);
  const title = `Concert photo ${testInfo.project.name} ${participant.id}`;
  const eventId = await publishedEvent(request, organiser.token, eventBody(title, 240));
  const joined = await request.post(`/api/events/${eventId}/participants`, {
    headers: { authorization: `Bearer ${participant.token}` },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const viewport = defaultPage.viewportSize();

  // The participant writes from 'Mes participations'.
  const participantPage = await signedInPage(browser, participant.token, viewport);
  await participantPage.goto('/mon-compte/participations');
  await participantPage.getByRole('link', { name: `Écrire à l’organisateur de « ${title} »` }).click();
  await expect(participantPage.getByRole('heading', { level: 1, name: 'Nouveau message' })).toBeVisible();
  const text = participantPage.getByLabel('Votre message');
  const photoInput = participantPage.getByLabel('Ajouter une photo');
  // The keyboard reaches the photo button right after the text.
  await text.focus();
  await text.press('Tab');
  await expect(photoInput).toBeFocused();

  // A file the browser cannot read: the server's French message, a retry, and a way to remove it.
  await photoInput.setInputFiles({ name: 'faux.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('pas une image') });
  const preview = participantPage.locator('[data-photo-preview]');
  await expect(preview).toContainText(
    'La photo n’a pas pu être envoyée : Le fichier « faux.jpg » n’est pas une image valide (PNG, JPG, GIF ou WebP)',
  );
  await expect(preview.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  await participantPage.getByRole('button', { name: 'Envoyer' }).click();
  await expect(participantPage.getByText('Renvoyez la photo ou retirez-la avant d’envoyer le message')).toBeVisible();
  await preview.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(preview).toHaveCount(0);

  // A camera-sized photo: made light before it leaves the phone, sent with its progress, previewed.
  // Held on the way (a slow network) while the screen says so and the message waits for it.
  const camera = await bigPhoto();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await participantPage.route('**/api/conversations/images', async (route) => {
    await held;
    await route.continue();
  });
  const upload = participantPage.waitForRequest(
    (sent) => sent.url().endsWith('/api/conversations/images') && sent.method() === 'POST',
  );
  await photoInput.setInputFiles({ name: 'IMG_2044.jpg', mimeType: 'image/jpeg', buffer: camera });
  const sentBytes = (await upload).postDataBuffer()?.length ?? 0;
  await expect(preview).toContainText(/Envoi de la photo… \d+\s%/);
  await expect(preview.getByRole('progressbar', { name: 'Envoi de la photo' })).toBeVisible();
  await expect(participantPage.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
  await expect(participantPage.getByLabel('Ajouter une photo')).toBeDisabled();
  await text.fill('Et celle-ci ?');
  await text.press('Control+Enter');
  await expect(participantPage.getByText('Attendez la fin de l’envoi de la photo')).toBeVisible();
  await shot(participantPage, testInfo, 'uploading');
  release();
  await text.fill('');
  testInfo.annotations.push({ type: 'photo', description: `photo ${camera.length} bytes, sent in ${sentBytes} bytes` });
  expect(camera.length).toBeGreaterThan(2_000_000);
  expect(sentBytes).toBeLessThan(camera.length / 3);
  await expect(preview).toContainText('Photo prête');
  await participantPage.unroute('**/api/conversations/images');
  await expect(preview.getByRole('img', { name: 'La photo choisie' })).toBeVisible();
  // Removed before sending, then another chosen.
  await preview.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(preview).toHaveCount(0);
  await photoInput.setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await planPhoto() });
  await expect(preview).toContainText('Photo prête');
  await text.fill('Voici le plan de l’entrée, est-ce bien ici ?');
  await shot(participantPage, testInfo, 'composer-with-photo');
  await expectNoAxeViolations(participantPage, 'nouveau message avec photo');
  await participantPage.getByRole('button', { name: 'Envoyer' }).click();

  await expect(participantPage).toHaveURL(/\/mon-compte\/messages\/[0-9a-f-]{36}$/);
  const participantThread = participantPage.getByRole('list', { name: 'Messages' });
  await expect(participantThread.getByRole('listitem')).toHaveCount(1);
  await expect(participantThread).toContainText('Voici le plan de l’entrée, est-ce bien ici ?');
  await expectLoaded(participantPage, 'Votre photo');
  await expect(participantPage.locator('[data-photo-preview]')).toHaveCount(0);

  // The organiser: the list says a photo came, the thread shows it, a tap opens it full size.
  const organiserPage = await signedInPage(browser, organiser.token, viewport);
  await organiserPage.goto('/mon-compte/messages');
  const line = organiserPage.locator('[data-conversation]');
  // The list's line: a camera drawn before the text (said 'Photo :' to screen readers).
  await expect(line).toContainText('Photo : Voici le plan de l’entrée');
  await expect(line.locator('svg')).toHaveCount(1);
  await line.click();
  const participantName = `Ngo ${participant.lastName}`;
  const received = await expectLoaded(organiserPage, `Photo de ${participantName}`);
  await shot(organiserPage, testInfo, 'organiser-thread');
  await expectNoAxeViolations(organiserPage, 'conversation avec photo (organisateur)');
  await organiserPage.getByRole('button', { name: `Agrandir : Photo de ${participantName}` }).click();
  const dialog = organiserPage.getByRole('dialog', { name: `Photo de ${participantName}` });
  const full = dialog.getByRole('img', { name: `Photo de ${participantName}` });
  await expect(full).toHaveAttribute('src', /-message\.webp$/);
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(900);
  await shot(organiserPage, testInfo, 'full-size', { fullPage: false });
  await expectNoAxeViolations(organiserPage, 'photo en grand');
  await organiserPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await received.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

  // The organiser answers with a photo alone; the participant's open thread shows it without a reload.
  await organiserPage
    .getByLabel('Ajouter une photo')
    .setInputFiles({ name: 'entree.jpg', mimeType: 'image/jpeg', buffer: camera });
  await expect(organiserPage.locator('[data-photo-preview]')).toContainText('Photo prête');
  await organiserPage.getByRole('button', { name: 'Envoyer' }).click();
  await expect(organiserPage.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);
  await expect(participantThread.getByRole('listitem')).toHaveCount(2);
  await expectLoaded(participantPage, `Photo de Ngo ${organiser.lastName}`);
  await shot(participantPage, testInfo, 'participant-thread');
  await expectNoAxeViolations(participantPage, 'conversation avec photos (participant)');
  if (viewport && viewport.width < 1024) {
    await participantPage.getByRole('link', { name: 'Retour aux conversations' }).click();
  }
  const participantLine = participantPage.locator('[data-conversation]');
  await expect(participantLine).toContainText('Photo');
  await expect(participantLine).not.toContainText('Voici le plan');
  await expect(participantLine.locator('svg')).toHaveCount(1);
  if (viewport && viewport.width < 1024) await shot(participantPage, testInfo, 'participant-list');

  // Empty: neither text nor photo.
  await organiserPage.getByRole('button', { name: 'Envoyer' }).click();
  await expect(organiserPage.getByText('Le message ne peut pas être vide')).toBeVisible();
  await participantPage.context().close();
  await organiserPage.context().close();
});

/** A photo uploaded and sent to the team by the account of `token` (the API's two steps). */
async function photoToTeam(request: APIRequestContext, token: string, photo: Buffer, text: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const uploaded = await request.post('/api/conversations/images', {
    headers,
    multipart: { image: { name: 'capture.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const imageId = ((await uploaded.json()) as { image: { _id: string } }).image._id;
  const sent = await request.post('/api/conversations/support', { headers, data: { text, imageId } });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { conversationId: string }).conversationId;
}

test('Messagerie: the team sees a person’s photo and answers with one of its own', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  test.setTimeout(120_000);
  const person = await signedInAccount(request, testInfo, 'supphoto', PASSWORD);
  const name = `${person.firstName} ${person.lastName}`;
  const id = await photoToTeam(request, person.token, await planPhoto(), 'Mon billet ne s’affiche pas, voici une capture.');

  const email = `chatphoto-${person.id}@e2e.local`;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${superToken}` },
    data: { firstName: 'Sandrine', lastName: 'Kamga', email, password: PASSWORD, permissions: ['manage_chats'], role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await loginAs(page, request, email, PASSWORD);
  await page.goto('/admin/messages?filter=waiting');
  const row = page.locator(`[data-conversation-id="${id}"]`);
  await expect(row).toContainText('Photo : Mon billet ne s’affiche pas');
  await row.click();
  const thread = page.locator('section[aria-labelledby="conversation-title"]');
  const photo = thread.getByRole('img', { name: `Photo de ${name}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);

  await thread
    .getByLabel('Ajouter une photo')
    .setInputFiles({ name: 'reponse.jpg', mimeType: 'image/jpeg', buffer: await bigPhoto() });
  await expect(thread.locator('[data-photo-preview]')).toContainText('Photo prête');
  await thread.getByLabel('Votre réponse').fill('Voici à quoi il doit ressembler.');
  await shot(page, testInfo, 'messagerie-composer');
  await thread.getByRole('button', { name: 'Envoyer' }).click();
  const answer = thread.getByRole('img', { name: 'Photo de L’équipe' });
  await expect(answer).toBeVisible();
  await expect.poll(() => answer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(thread.locator('[data-photo-preview]')).toHaveCount(0);
  await shot(page, testInfo, 'messagerie-thread');
  await expectNoAxeViolations(page, 'messagerie avec photos');

  // The person's side: the team's photo in their conversation with the team.
  const seen = await request.get('/api/conversations/support', { headers: { authorization: `Bearer ${person.token}` } });
  const last = (
    (await seen.json()) as { thread: { messages: { author: string; image: { url: string } | null }[] } }
  ).thread.messages.at(-1);
  expect(last?.author).toBe('L’équipe');
  expect(last?.image?.url).toMatch(/-message-small\.webp$/);
});
