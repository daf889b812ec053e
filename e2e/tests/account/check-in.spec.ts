import fs from 'node:fs';
import { type APIRequestContext, type Browser, chromium, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { registerVerified } from '../../fixtures/accounts';
import { publishOwnEvent } from '../../fixtures/approval';
import { loginAs } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { CHROMIUM_ARGS, chromiumPath } from '../../fixtures/chromium';
import { eventBody } from '../../fixtures/events';
import { goOffline, goOnline } from '../../fixtures/offline';
import { shotsIn } from '../../fixtures/shots';
import { feedPhoto, phoneOf as phoneWith, ticketPhoto } from '../../fixtures/tickets';

/**
 * Issue 27 items 4 and 7: a participant's ticket (QR code, readable offline once opened) and the
 * door (decision 047): a photo of the ticket gives 'Valide', then 'Déjà scanné à …'; another
 * event's ticket is 'Billet inconnu'; a name is ticked by hand; a door helper scanning offline
 * keeps the scan waiting, and after the sync it is listed as a double scan; 'présents' counts each
 * ticket once.
 */
const shot = shotsIn('check-in', { noSidewaysScroll: true });
const PASSWORD = 'Ndole-Plantain-2026!';

interface Account {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

async function account(
  request: APIRequestContext,
  role: string,
  firstName: string,
  lastName: string,
  id: string,
): Promise<Account> {
  const created = { username: `${role}_${id}`, email: `${role}.${id}@example.cm`, firstName, lastName: `${lastName} ${id}` };
  await registerVerified(request, { ...created, password: PASSWORD });
  return created;
}

/** A signed-in page of its own (another phone) for one of this spec's accounts. */
function phoneOf(browser: Browser, request: APIRequestContext, page: Page, who: Account) {
  return phoneWith(browser, request, page, who.email, PASSWORD);
}

async function publishedEvent(request: APIRequestContext, token: string, title: string) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/events', { headers, data: eventBody(title, 5) });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { _id: string } };
  await publishOwnEvent(request, token, event._id);
  return event._id;
}

async function join(request: APIRequestContext, token: string, eventId: string) {
  const joined = await request.post(`/api/events/${eventId}/participants`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(joined.ok(), await joined.text()).toBe(true);
}

test('a ticket’s QR code scanned at the door: valid, already scanned, unknown, ticked by hand, and offline on a helper’s phone', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;
  const organiser = await account(request, 'orga', 'Ngo', 'Biyong', id);
  const awa = await account(request, 'awa', 'Awa', 'Tchoumi', id);
  const paul = await account(request, 'paul', 'Paul', 'Ngono', id);
  const helper = await account(request, 'porte', 'Serge', 'Ekambi', id);
  const orgToken = await loginAs(page, request, organiser.email, PASSWORD);
  const title = `Gala de Bonapriso ${id}`;
  const eventId = await publishedEvent(request, orgToken, title);
  const otherEventId = await publishedEvent(request, orgToken, `Brunch de Bonanjo ${id}`);

  // The participant: 'Mes participations' leads to the ticket; it still shows without network.
  const awaPhone = await phoneOf(browser, request, page, awa);
  await join(request, awaPhone.token, eventId);
  await join(request, awaPhone.token, otherEventId);
  const paulLogin = await request.post('/api/users/login', { data: { identifier: paul.email, password: PASSWORD } });
  const paulToken = ((await paulLogin.json()) as { token: string }).token;
  await join(request, paulToken, eventId);

  const ticketPage = awaPhone.phone;
  await ticketPage.goto('/mon-compte/participations');
  await ticketPage.getByRole('link', { name: `Mon billet pour « ${title} »` }).click();
  await expect(ticketPage.getByRole('heading', { level: 1, name: 'Mon billet' })).toBeVisible();
  await expect(ticketPage.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(ticketPage.getByText(`Awa Tchoumi ${id}`)).toBeVisible();
  const awaTicket = await ticketPhoto(ticketPage);
  await expectNoAxeViolations(ticketPage, 'ticket');
  await shot(ticketPage, testInfo, 'ticket');

  await ticketPage.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await ticketPage.reload();
  await expect(ticketPage.getByRole('img', { name: /^Code QR du billet de/ })).toBeVisible();
  await goOffline(awaPhone.context);
  await ticketPage.reload();
  await expect(ticketPage.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(ticketPage.getByRole('img', { name: /^Code QR du billet de/ })).toBeVisible();
  await goOnline(awaPhone.context);

  await ticketPage.goto(`/mon-compte/participations/${otherEventId}/billet`);
  const otherEventTicket = await ticketPhoto(ticketPage);

  // The organiser opens the door from the event's hub and adds a door helper by username.
  await page.goto(`/mon-compte/evenements/${eventId}`);
  await page.getByRole('link', { name: 'Contrôle des entrées' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrée' })).toBeVisible();
  const present = page.locator('[data-count="admitted"]');
  await expect(present).toHaveText('0');
  await expect(page.locator('[data-count="registered"]')).toHaveText('2');
  // The organiser's door is under 'Mes évènements' in the account's tabs.
  await expect(page.locator('[data-nav][aria-current="page"]').first()).toHaveAttribute('data-nav', 'myEvents');
  // Nobody is listed until a name is typed, for the organiser too.
  await expect(page.getByRole('list', { name: 'Participants trouvés' })).toHaveCount(0);

  const helpers = page.getByRole('region', { name: 'Aides à l’entrée' });
  await helpers.getByRole('button', { name: 'Ajouter' }).click();
  await expect(helpers.getByText('Indiquez le nom d’utilisateur, l’e-mail ou le téléphone')).toBeVisible();
  await helpers.getByLabel('Nom d’utilisateur, e-mail ou téléphone').fill(helper.username);
  await helpers.getByRole('button', { name: 'Ajouter' }).click();
  await expect(helpers.getByRole('list', { name: 'Aides à l’entrée' })).toContainText(`Serge Ekambi ${id}`);
  await page.getByLabel('Nom de l’entrée').fill('Entrée principale');
  await expectNoAxeViolations(page, 'door, empty');
  await shot(page, testInfo, 'door-empty');

  // The helper finds the door on 'Mon compte'; it lists nobody until a name is typed; then the phone loses the network.
  const helperPhone = await phoneOf(browser, request, page, helper);
  const helperDoor = helperPhone.phone;
  await helperDoor.goto('/mon-compte');
  const doorLink = helperDoor.getByRole('link', { name: `Ouvrir l’entrée de « ${title} »` });
  await expect(helperDoor.getByRole('region', { name: 'Entrées que je tiens' })).toContainText(title);
  await expectNoAxeViolations(helperDoor, 'my account with a door');
  await shot(helperDoor, testInfo, 'my-account-doors');
  await doorLink.click();
  await expect(helperDoor.getByRole('heading', { level: 1, name: 'Entrée' })).toBeVisible();
  await expect(helperDoor.locator('[data-count="registered"]')).toHaveText('2');
  // A helper does not organise the event: no tab is current ('Mes évènements' would be wrong).
  await expect(helperDoor.locator('[data-nav][aria-current="page"]')).toHaveCount(0);
  await expect(helperDoor.getByRole('region', { name: 'Aides à l’entrée' })).toHaveCount(0);
  await expect(helperDoor.getByRole('list', { name: 'Participants trouvés' })).toHaveCount(0);
  await helperDoor.getByLabel('Rechercher un participant').fill(`Tchoumi ${id}`);
  await expect(helperDoor.getByRole('list', { name: 'Participants trouvés' })).toContainText(`Awa Tchoumi ${id}`);
  await helperDoor.getByLabel('Rechercher un participant').fill('');
  await helperDoor.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await goOffline(helperPhone.context);

  // At the main door, online: valid, then already scanned, then another event's ticket.
  const result = page.locator('[data-scan-result]');
  await feedPhoto(page, awaTicket, 'billet-awa.png');
  await expect(result).toContainText('Valide');
  await expect(result).toContainText(`Awa Tchoumi ${id}`);
  await expect(page.getByText('Tous les scans sont envoyés')).toBeVisible();
  await expect(present).toHaveText('1');
  await expectNoAxeViolations(page, 'door, valid');
  await shot(page, testInfo, 'door-valid');

  await feedPhoto(page, awaTicket, 'billet-awa-encore.png');
  await expect(result).toContainText(/Déjà scanné à \d{2}:\d{2}/);
  await expect(result).toHaveAttribute('data-scan-result', 'already');
  await expectNoAxeViolations(page, 'door, already scanned');
  await shot(page, testInfo, 'door-already');

  await feedPhoto(page, otherEventTicket, 'autre-evenement.png');
  await expect(result).toHaveAttribute('data-scan-result', 'unknown');
  await expect(result).toContainText('Billet inconnu');
  await expectNoAxeViolations(page, 'door, unknown ticket');
  await shot(page, testInfo, 'door-unknown');

  // Paul came without his phone: found by name and ticked by hand.
  await page.getByLabel('Rechercher un participant').fill(`ngono ${id}`);
  const found = page.getByRole('list', { name: 'Participants trouvés' });
  await found.getByRole('button', { name: `Admettre Paul Ngono ${id}` }).click();
  await expect(result).toHaveAttribute('data-scan-result', 'valid');
  await expect(result).toContainText(`Paul Ngono ${id}`);
  await expect(found).toContainText(/Admis à \d{2}:\d{2}/);
  await expect(page.getByText('Tous les scans sont envoyés')).toBeVisible();
  await expect(present).toHaveText('2');

  // The helper's phone, offline, knew of no admission: it lets Awa in and keeps the scan waiting.
  await helperDoor.getByLabel('Nom de l’entrée').fill('Porte B');
  await feedPhoto(helperDoor, awaTicket, 'billet-awa.png');
  const helperResult = helperDoor.locator('[data-scan-result]');
  await expect(helperResult).toHaveAttribute('data-scan-result', 'valid');
  await expect(helperResult).toContainText('En attente d’envoi');
  await expect(helperDoor.getByText('1 scan(s) en attente d’envoi')).toBeVisible();
  await expectNoAxeViolations(helperDoor, 'door offline, scan waiting');
  await shot(helperDoor, testInfo, 'door-offline-waiting');

  // Reopened without network, the door still has its list and its waiting scan.
  await helperDoor.reload();
  await expect(helperDoor.getByRole('heading', { level: 1, name: 'Entrée' })).toBeVisible();
  await expect(helperDoor.locator('[data-waiting]')).toHaveAttribute('data-waiting', '1');
  // Chromium leaves `navigator.onLine` true in a page loaded offline: emulated again, the page hears 'offline' as a phone would.
  await helperPhone.context.setOffline(false);
  await helperPhone.context.setOffline(true);

  // The network returns: the scan is sent, and the server says Awa was already in: a double scan.
  await goOnline(helperPhone.context);
  await expect(helperDoor.getByText('Tous les scans sont envoyés')).toBeVisible();
  const history = helperDoor.getByRole('list', { name: 'Derniers scans' });
  await expect(history.getByRole('listitem').first()).toContainText('Double scan');
  await expect(helperDoor.locator('[data-count="admitted"]')).toHaveText('2');
  await expectNoAxeViolations(helperDoor, 'door after sync, double scan');
  await shot(helperDoor, testInfo, 'door-double-scan');

  const bundle = await request.get(`/api/events/${eventId}/check-in`, { headers: { authorization: `Bearer ${orgToken}` } });
  expect((await bundle.json()).counts).toEqual({ registered: 2, admitted: 2 });

  // Awa's ticket says when she came in.
  await ticketPage.goto(`/mon-compte/participations/${eventId}/billet`);
  await expect(ticketPage.getByText(/^Admis le /)).toBeVisible();
  await shot(ticketPage, testInfo, 'ticket-admitted');

  // The other event is cancelled: its ticket says so and shows no code.
  const cancelled = await request.put(`/api/events/${otherEventId}/cancel`, {
    headers: { authorization: `Bearer ${orgToken}` },
    data: { message: 'Salle indisponible' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await ticketPage.goto(`/mon-compte/participations/${otherEventId}/billet`);
  await expect(ticketPage.getByText('Annulé', { exact: true })).toBeVisible();
  await expect(ticketPage.getByText('L’organisateur a annulé cet évènement')).toBeVisible();
  await expect(ticketPage.getByRole('img', { name: /^Code QR du billet de/ })).toHaveCount(0);
  await expectNoAxeViolations(ticketPage, 'cancelled ticket');
  await shot(ticketPage, testInfo, 'ticket-cancelled');

  // The organiser removes the helper: their door is gone.
  await page.reload();
  await page
    .getByRole('region', { name: 'Aides à l’entrée' })
    .getByRole('button', { name: `Retirer Serge Ekambi ${id}` })
    .click();
  await expect(page.getByText('Aucune aide à l’entrée pour le moment.')).toBeVisible();
  await helperDoor.reload();
  await expect(helperDoor.getByText('Événement introuvable')).toBeVisible();

  // In English.
  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Door' })).toBeVisible();
  await expect(page.getByText('present', { exact: true })).toBeVisible();
  await expect(page.getByText('registered', { exact: true })).toBeVisible();
  await expect(page.getByText('Import a photo of the ticket', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Door helpers' })).toContainText('No door helper yet.');
  await shot(page, testInfo, 'door-english');

  await awaPhone.context.close();
  await helperPhone.context.close();
});

test('the door reads a ticket through the phone’s camera', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(120_000);
  const id = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}c`;
  const organiser = await account(request, 'orgc', 'Ngo', 'Biyong', id);
  const awa = await account(request, 'awac', 'Awa', 'Tchoumi', id);
  const orgToken = await loginAs(page, request, organiser.email, PASSWORD);
  const eventId = await publishedEvent(request, orgToken, `Concert à Yaoundé ${id}`);
  const awaPhone = await phoneOf(browser, request, page, awa);
  await join(request, awaPhone.token, eventId);
  await awaPhone.phone.goto(`/mon-compte/participations/${eventId}/billet`);
  const ticket = await ticketPhoto(awaPhone.phone);
  await awaPhone.context.close();

  // What the camera films: the ticket held up in front of it (Chromium's fake camera plays a Motion JPEG file).
  const frame = await sharp(ticket)
    .resize(480, 480, { fit: 'contain', background: '#ffffff' })
    .extend({ left: 80, right: 80, background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const film = testInfo.outputPath('ticket.mjpeg');
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(film, Buffer.concat([frame, frame, frame]));
  const withCamera = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${film}`],
  });
  try {
    const context = await withCamera.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: page.viewportSize(),
      locale: 'fr-FR',
      timezoneId: 'Africa/Douala',
      permissions: ['camera'],
    });
    const door = await context.newPage();
    await loginAs(door, request, organiser.email, PASSWORD);
    await door.goto(`/mon-compte/evenements/${eventId}/entree`);
    await door.getByRole('button', { name: 'Scanner avec la caméra' }).click();
    await expect(door.getByLabel('Image de la caméra')).toBeVisible();
    const result = door.locator('[data-scan-result]');
    await expect(result).toHaveAttribute('data-scan-result', 'valid');
    await expect(result).toContainText(`Awa Tchoumi ${id}`);
    await expect(door.locator('[data-count="admitted"]')).toHaveText('1');
    // The same ticket still in front of the camera is not scanned again and again.
    await expect(door.getByRole('list', { name: 'Derniers scans' }).getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(door, 'door with the camera');
    await shot(door, testInfo, 'door-camera');
    await door.getByRole('button', { name: 'Arrêter la caméra' }).click();
    await expect(door.getByLabel('Image de la caméra')).toHaveCount(0);
    await context.close();
  } finally {
    await withCamera.close();
  }
});

test('an idle door reads the participants again every minute while shown and online', async ({ page, request }, testInfo) => {
  const id = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}i`;
  const organiser = await account(request, 'orgi', 'Ngo', 'Biyong', id);
  const awa = await account(request, 'awai', 'Awa', 'Tchoumi', id);
  const paul = await account(request, 'pauli', 'Paul', 'Ngono', id);
  const orgToken = await loginAs(page, request, organiser.email, PASSWORD);
  const eventId = await publishedEvent(request, orgToken, `Marché de Noël ${id}`);
  const tokenOf = async (who: Account) => {
    const login = await request.post('/api/users/login', { data: { identifier: who.email, password: PASSWORD } });
    return ((await login.json()) as { token: string }).token;
  };
  await join(request, await tokenOf(awa), eventId);

  // The page's clock is the test's: a minute passes without waiting one.
  await page.clock.install();
  await page.goto(`/mon-compte/evenements/${eventId}/entree`);
  await expect(page.locator('[data-count="registered"]')).toHaveText('1');
  const bundleReads = () =>
    page.waitForResponse((answer) => answer.url().endsWith(`/api/events/${eventId}/check-in`) && answer.ok());

  // Paul joins while the door sits idle: a minute later the door knows him, nothing touched.
  await join(request, await tokenOf(paul), eventId);
  const read = bundleReads();
  await page.clock.runFor(61_000);
  await read;
  await expect(page.locator('[data-count="registered"]')).toHaveText('2');
  await page.getByLabel('Rechercher un participant').fill(`Ngono ${id}`);
  await expect(page.getByRole('list', { name: 'Participants trouvés' })).toContainText(`Paul Ngono ${id}`);
  await expectNoAxeViolations(page, 'door after an idle minute');
  await shot(page, testInfo, 'door-idle-refreshed');
});
