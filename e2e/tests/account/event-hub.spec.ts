import fs from 'node:fs';
import { type APIRequestContext, type Download, expect, type Page, type TestInfo, test } from '@playwright/test';
import sharp from 'sharp';
import { verifiedAccount } from '../../fixtures/accounts';
import { loginAs, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody } from '../../fixtures/events';
import { withApprovalRequired } from '../../fixtures/approval';
import { exclusive } from '../../fixtures/exclusive';
import { shotsIn } from '../../fixtures/shots';

/**
 * Issue 27 item 3 (decision 043): the organiser's hub of an event, `/mon-compte/evenements/:id`.
 * Reached from the list's card; publish (offline first: the message, nothing done), share on
 * WhatsApp, copy the link, download the poster's QR code as PNG and SVG, cancel with a message to
 * the participants (too long first: the error at the field, the text kept) and read it on the
 * public page, duplicate; a private event's link renewed (the old one stops opening the page);
 * someone else's event and an unknown id read 'Événement introuvable'.
 */
const shot = shotsIn('event-hub', { noSidewaysScroll: true, fullPage: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';

const account = (request: APIRequestContext, testInfo: TestInfo, prefix: string) =>
  verifiedAccount(request, testInfo, prefix, PASSWORD);

/** A draft of the organiser's through the API, with a cover image. */
async function draft(request: APIRequestContext, token: string, title: string, overrides: Record<string, unknown> = {}) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/events', { headers, data: eventBody(title, 72, overrides) });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).event as { _id: string; publicPath: string; shareUrl: string };
  const cover = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .jpeg()
    .toBuffer();
  const images = await request.post(`/api/events/${event._id}/images`, {
    headers,
    multipart: { images: { name: 'affiche.jpg', mimeType: 'image/jpeg', buffer: cover } },
  });
  expect(images.ok(), await images.text()).toBe(true);
  return event;
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

function status(page: Page) {
  return page.getByTestId('hub-status');
}

/**
 * 'Approbation requise' is one setting of the shared test server (off by default): an organiser's
 * 'Publier' publishes only while it is off. Specs that turn it on hold the lock 'approval-required'
 * (approval-queue.spec.ts) and put it back before letting go; holding it here keeps it off.
 */
function withApprovalOff(run: () => Promise<void>): Promise<void> {
  return exclusive('approval-required', run, 300_000);
}

test('the hub: publish, share by WhatsApp, link and QR code, cancel with a message, duplicate', async ({
  page,
  request,
  context,
}, testInfo) => {
  const organiser = await account(request, testInfo, 'hub');
  const token = await loginAs(page, request, organiser.email, PASSWORD);
  const title = `Nuit du makossa ${organiser.id}`;
  const event = await draft(request, token, title);
  const publicAddress = event.shareUrl.split('?')[0] ?? '';

  // From the list, the card's title leads to the hub.
  await page.goto('/mon-compte/evenements');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/evenements/${event._id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(status(page)).toHaveText('Brouillon');
  await expect(page.getByTestId('hub-participants')).toHaveText('0 participants sur 100');
  await expect(page.getByText('Participants : 0 / 100')).toBeVisible();
  for (const [name, path] of [
    ['Modifier', 'modifier'],
    ['Statistiques', 'statistiques'],
    ['Participants', 'participants'],
    ['Commentaires', 'commentaires'],
    ['Contrôle des entrées', 'entree'],
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/mon-compte/evenements/${event._id}/${path}`,
    );
  }
  await expect(page.getByRole('button', { name: 'Annuler l’évènement' })).toHaveCount(0);
  await expect(page.getByTestId('poster-qr')).toBeVisible();
  await expectNoAxeViolations(page, 'hub, draft');
  await shot(page, testInfo, 'draft');

  // Offline, 'Publier' says so and nothing changes; back online it publishes.
  await withApprovalOff(async () => {
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Vous êtes hors ligne' })).toBeVisible();
    await expect(status(page)).toHaveText('Brouillon');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(status(page)).toHaveText('Publié');
  });
  await expect(page.getByText('Évènement publié')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publier' })).toHaveCount(0);

  // WhatsApp: the page's public address marked src=whatsapp, in a wa.me link.
  const whatsapp = page.getByRole('link', { name: 'Partager sur WhatsApp' });
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  const text = new URL(href).searchParams.get('text') ?? '';
  expect(text).toContain(title);
  expect(text.endsWith(`${publicAddress}?src=whatsapp`)).toBe(true);

  // Copy the link: the toast, and the address in the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await expect(page.getByLabel('Adresse de la page')).toHaveValue(publicAddress);
  await page.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicAddress);

  // The poster's QR code: a PNG and an SVG of the public address.
  const qr = page.getByRole('img', { name: `QR code de l’adresse ${publicAddress}` });
  await expect(qr).toBeVisible();
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Télécharger en PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/^qr-nuit-du-makossa-.+\.png$/);
  const pngBytes = await downloaded(png);
  expect(pngBytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const pngInfo = await sharp(pngBytes).metadata();
  expect([pngInfo.format, pngInfo.width, pngInfo.height]).toEqual(['png', 1024, 1024]);
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Télécharger en SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/^qr-nuit-du-makossa-.+\.svg$/);
  const svgBytes = await downloaded(svg);
  expect(svgBytes.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 (\d+) \1"/);
  const svgInfo = await sharp(svgBytes).metadata();
  expect(svgInfo.format).toBe('svg');
  expect(svgInfo.width).toBe(svgInfo.height);
  await expectNoAxeViolations(page, 'hub, published');
  await shot(page, testInfo, 'published');

  // Cancel: too long a message is said at the field and kept; a shorter one is sent and shown.
  await page.getByRole('button', { name: 'Annuler l’évènement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annuler l’évènement' });
  const message = dialog.getByLabel('Message aux participants');
  await message.fill(`Pluie annoncée. ${'x'.repeat(500)}`);
  await expect(dialog.getByText('500 caractères au maximum')).toBeVisible();
  await expect(dialog.getByTestId('cancel-counter')).toHaveText('516 / 500 caractères');
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Annuler l’évènement' }).click();
  await expect(dialog).toBeVisible();
  await expect(message).toBeFocused();
  await expectNoAxeViolations(page, 'cancel dialog with an error');
  await shot(page, testInfo, 'cancel-too-long', { fullPage: false });
  const said = 'Pluie annoncée sur Douala : la soirée est reportée, vous serez prévenus de la nouvelle date.';
  await message.fill(said);
  await expect(dialog.getByTestId('cancel-counter')).toHaveText(`${said.length} / 500 caractères`);
  await expect(dialog.getByText('500 caractères au maximum')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Annuler l’évènement' }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText('Annulé');
  await expect(page.getByTestId('hub-status-detail')).toHaveText(`Message aux participants : « ${said} »`);
  await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'hub, cancelled');
  await shot(page, testInfo, 'cancelled');

  // The public page says it too.
  const publicPage = await context.newPage();
  await publicPage.goto(new URL(publicAddress).pathname);
  await expect(publicPage.getByText(`Message de l’organisateur : « ${said} »`)).toBeVisible();
  await publicPage.close();

  // Duplicate: the copy's own hub, a new draft.
  await page.getByRole('button', { name: 'Dupliquer' }).click();
  await expect(page.getByText('Copie créée dans les brouillons')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(event._id));
  await expect(page).toHaveURL(/\/mon-compte\/evenements\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(status(page)).toHaveText('Brouillon');
});

test('a private event: its share link copied and renewed, the old link no longer opens the page', async ({
  page,
  request,
  context,
}, testInfo) => {
  const organiser = await account(request, testInfo, 'hubp');
  const token = await loginAs(page, request, organiser.email, PASSWORD);
  const event = await draft(request, token, `Mariage de Brenda ${organiser.id}`, { isPublic: false });
  await withApprovalOff(async () => {
    const published = await request.put(`/api/events/${event._id}/publish`, { headers: { authorization: `Bearer ${token}` } });
    expect((await published.json()).event.status).toBe('published');
  });

  await page.goto(`/mon-compte/evenements/${event._id}`);
  await expect(status(page)).toHaveText('Publié');
  await expect(page.getByText('Privé', { exact: true })).toBeVisible();
  const link = page.getByLabel('Lien de partage privé');
  await expect(link).toHaveValue(event.shareUrl);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(event.shareUrl);
  // A browser that refuses the clipboard: the link is selected in its field, and the toast says how to copy it.
  await page.evaluate(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', { value: () => Promise.reject(new Error('refused')) });
  });
  await page.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Le lien est sélectionné')).toBeVisible();
  await expect(link).toBeFocused();
  expect(await link.evaluate((field: HTMLInputElement) => [field.selectionStart, field.selectionEnd])).toEqual([
    0,
    event.shareUrl.length,
  ]);
  // The WhatsApp link and the QR code carry the private link (the only address that opens it).
  const text = new URL(
    (await page.getByRole('link', { name: 'Partager sur WhatsApp' }).getAttribute('href')) ?? '',
  ).searchParams.get('text');
  expect(text?.endsWith(`${event.shareUrl}&src=whatsapp`)).toBe(true);
  await expect(page.getByRole('img', { name: `QR code de l’adresse ${event.shareUrl}` })).toBeVisible();
  await expectNoAxeViolations(page, 'hub, private');
  await shot(page, testInfo, 'private');

  await page.getByRole('button', { name: 'Renouveler le lien' }).click();
  const confirm = page.getByRole('dialog', { name: 'Renouveler le lien de partage' });
  await expect(confirm.getByText('l’ancien cessera de fonctionner')).toBeVisible();
  await expectNoAxeViolations(page, 'renew dialog');
  await confirm.getByRole('button', { name: 'Renouveler le lien' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Nouveau lien créé ; l’ancien ne fonctionne plus')).toBeVisible();
  await expect(link).not.toHaveValue(event.shareUrl);
  const renewed = await link.inputValue();
  expect(renewed.split('?')[0]).toBe(event.shareUrl.split('?')[0]);
  await expect(page.getByRole('img', { name: `QR code de l’adresse ${renewed}` })).toBeVisible();

  const oldLink = new URL(event.shareUrl);
  const newLink = new URL(renewed);
  expect((await request.get(`${oldLink.pathname}${oldLink.search}`)).status()).toBe(404);
  expect((await request.get(`${newLink.pathname}${newLink.search}`)).status()).toBe(200);
});

test('someone else’s event and an unknown id: Événement introuvable, with the way back', async ({ page, request }, testInfo) => {
  const other = await account(request, testInfo, 'hubo');
  const otherToken = (
    (await (await request.post('/api/users/login', { data: { identifier: other.email, password: PASSWORD } })).json()) as {
      token: string;
    }
  ).token;
  const theirs = await draft(request, otherToken, `Gala privé ${other.id}`);
  await withApprovalOff(async () => {
    const published = await request.put(`/api/events/${theirs._id}/publish`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect((await published.json()).event.status).toBe('published');
  });
  const me = await account(request, testInfo, 'hubm');
  await loginAs(page, request, me.email, PASSWORD);

  // Published and public, readable by anyone on its page, but not this account's to run.
  await page.goto(`/mon-compte/evenements/${theirs._id}`);
  await expect(page.getByRole('heading', { name: 'Événement introuvable', level: 1 })).toBeVisible();
  await expect(page.getByText(`Gala privé ${other.id}`)).toHaveCount(0);
  await expectNoAxeViolations(page, 'hub, someone else’s event');
  await shot(page, testInfo, 'not-found');

  for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-identifiant']) {
    await page.goto(`/mon-compte/evenements/${id}`);
    await expect(page.getByRole('heading', { name: 'Événement introuvable', level: 1 })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Retour à mes évènements' }).click();
  await expect(page).toHaveURL(/\/mon-compte\/evenements$/);
});

test('with approval required, Publier submits the draft: En attente d’approbation, then Refusé with the reason', async ({
  page,
  request,
}, testInfo) => {
  const organiser = await account(request, testInfo, 'huba');
  const token = await loginAs(page, request, organiser.email, PASSWORD);
  const title = `Festival des masques ${organiser.id}`;
  const event = await draft(request, token, title);
  await withApprovalRequired(request, await superadminToken(request), async () => {
    await page.goto(`/mon-compte/evenements/${event._id}`);
    await expect(status(page)).toHaveText('Brouillon');
    await page.getByRole('button', { name: 'Publier' }).click();
    // The API's outcome, as it says it; the badge and the line under it follow.
    await expect(
      page.getByText('Événement envoyé pour approbation : il sera publié après validation par un administrateur'),
    ).toBeVisible();
    await expect(status(page)).toHaveText('En attente d’approbation');
    await expect(page.getByTestId('hub-status-detail')).toHaveText(
      'Envoyé pour approbation : il sera publié après validation par un administrateur.',
    );
    await expect(page.getByRole('button', { name: 'Publier' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'hub, waiting for approval');
    await shot(page, testInfo, 'pending');

    const refused = await request.put(`/api/events/${event._id}/refuse`, {
      headers: { authorization: `Bearer ${await superadminToken(request)}` },
      data: { reason: 'Ajoutez le programme de la soirée.' },
    });
    expect(refused.ok(), await refused.text()).toBe(true);
    await page.reload();
    await expect(status(page)).toHaveText('Refusé');
    await expect(page.getByTestId('hub-status-detail')).toContainText('Motif du refus : « Ajoutez le programme de la soirée. »');
    await expect(page.getByRole('button', { name: 'Publier' })).toBeVisible();
    await expectNoAxeViolations(page, 'hub, refused');
    await shot(page, testInfo, 'refused');
  });
});

test('in English: the hub speaks English, its data stays as typed', async ({ page, request }, testInfo) => {
  const organiser = await account(request, testInfo, 'hube');
  const token = await loginAs(page, request, organiser.email, PASSWORD);
  const event = await draft(request, token, `Bal poussière ${organiser.id}`);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto(`/mon-compte/evenements/${event._id}`);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
  await expect(status(page)).toHaveText('Draft');
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download as PNG' })).toBeVisible();
  await expect(page.getByText('Participants: 0 / 100')).toBeVisible();
  const text = await page.getByRole('main').innerText();
  for (const french of ['Publier', 'Brouillon', 'Partager', 'Copier', 'Dupliquer', 'Télécharger', 'Modifier', 'évènement']) {
    expect(text.replace(`Bal poussière ${organiser.id}`, ''), `"${french}" on the English hub`).not.toContain(french);
  }
  await page.getByRole('button', { name: 'Duplicate' }).waitFor();
  await expectNoAxeViolations(page, 'hub in English');
  await shot(page, testInfo, 'english');
});
