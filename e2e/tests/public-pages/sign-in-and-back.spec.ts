import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody } from '../../fixtures/events';
import { codeFromOutbox } from '../../fixtures/outbox';
import { shotsIn } from '../../fixtures/shots';

/**
 * Issue 25, items 1 and 2 (decision 026): signing in from a public page leads back to it, with
 * 'Je participe' one tap away; never to another site; and the public pages' header shows
 * 'Se connecter', or 'Espace organisateur' and 'Mon compte' (decision 043).
 */
const shot = shotsIn('nextheader', { noSidewaysScroll: true, fullPage: false });
const PASSWORD = 'Kora-Sawa-Beach-42!';

const unique = (testInfo: TestInfo) => `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;

/** A published public event, made by the superadmin (neutral names: they show on admin lists). */
async function createEvent(request: APIRequestContext, title: string) {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const response = await request.post('/api/events', { headers, data: eventBody(title, 9 * 24, { maxParticipants: 40 }) });
  expect(response.status(), await response.text()).toBe(201);
  const event = (await response.json()).event as { _id: string; publicPath: string };
  expect((await request.put(`/api/events/${event._id}/publish`, { headers })).ok()).toBe(true);
  return event;
}

async function member(request: APIRequestContext, id: string, phone?: string) {
  const account = {
    username: `back_${id}`,
    email: `back.${id}@example.cm`,
    password: PASSWORD,
    firstName: 'Kemi',
    lastName: `Okon ${id}`,
  };
  await registerVerified(request, phone ? { ...account, phone } : account);
  return account;
}

function header(page: Page) {
  return page.getByRole('banner');
}

/** Signed out: the header offers 'Se connecter', neither the organiser space nor 'Mon compte'. */
async function expectSignedOutHeader(page: Page) {
  await expect(header(page).getByRole('link', { name: 'Se connecter', exact: true })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Espace organisateur' })).toBeHidden();
  await expect(header(page).getByRole('link', { name: 'Mon compte' })).toBeHidden();
}

/**
 * Signed in: the header offers 'Espace organisateur' (the account's events, decision 043) and,
 * from 640 px, 'Mon compte' (to /mon-compte; a phone has no room for it, decision 043), not 'Se connecter'.
 */
async function expectSignedInHeader(page: Page) {
  const organiser = header(page).getByRole('link', { name: 'Espace organisateur' });
  await expect(organiser).toBeVisible();
  await expect(organiser).toHaveAttribute('href', '/mon-compte/evenements');
  const account = header(page).getByRole('link', { name: 'Mon compte' });
  if ((page.viewportSize()?.width ?? 1280) < 640) await expect(account).toBeHidden();
  else {
    await expect(account).toBeVisible();
    await expect(account).toHaveAttribute('href', '/mon-compte');
  }
  await expect(header(page).getByRole('link', { name: 'Se connecter', exact: true })).toBeHidden();
}

/** Signs in on /GetStarted with the kind of identifier chosen. */
async function signInOnForm(page: Page, kind: 'email' | 'phone' | 'username', identifier: string) {
  await expect(page.getByRole('tab', { name: 'Se Connecter' })).toHaveAttribute('aria-selected', 'true');
  if (kind === 'phone') await page.getByText('Téléphone', { exact: true }).click();
  if (kind === 'username') await page.getByText("Nom d'utilisateur", { exact: true }).click();
  const field =
    kind === 'email'
      ? page.getByRole('textbox', { name: 'E-mail', exact: true })
      : kind === 'phone'
        ? page.getByRole('textbox', { name: 'Numéro de téléphone' })
        : page.getByRole('textbox', { name: "Nom d'utilisateur" });
  await field.fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

test('signed out on an event page: sign in to take part, back on the event, take part in one tap', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const event = await createEvent(request, `Wouri Jam ${id}`);
  const account = await member(request, id);

  await page.goto(event.publicPath);
  await expectSignedOutHeader(page);
  await shot(page, testInfo, 'event-signed-out');
  await expectNoAxeViolations(page, 'event page, signed out');
  // The header is reached from the keyboard: the skip link, the site, the agenda, then 'Se connecter'.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(header(page).getByRole('link', { name: 'Se connecter', exact: true })).toBeFocused();

  await page.getByRole('link', { name: 'Se connecter pour participer' }).click();
  await page.waitForURL((url) => url.pathname === '/GetStarted');
  expect(new URL(page.url()).searchParams.get('next')).toBe(`${event.publicPath}#participer`);
  await expect(page.getByRole('tab', { name: 'Se Connecter' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, testInfo, 'get-started-with-next');
  await signInOnForm(page, 'email', account.email);

  // Back on the event (not 'Mon compte'), 'Je participe' in view: one tap.
  await page.waitForURL((url) => url.pathname === event.publicPath);
  const toggle = page.getByRole('button', { name: 'Je participe' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).toBeInViewport();
  await expectSignedInHeader(page);
  await expect(page.getByTestId('participants')).toHaveText('0');
  await shot(page, testInfo, 'event-back-signed-in');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Participation enregistrée' })).toBeVisible();
  await expect(page.getByTestId('participants')).toHaveText('1');
  await expectNoAxeViolations(page, 'event page, back after signing in');
});

test('a newcomer signs up by phone, verifies the code and signs in: still back on the event', async ({ page }, testInfo) => {
  const id = unique(testInfo);
  const event = await createEvent(page.request, `Sawa Groove ${id}`);
  const digits = `69${String(Date.now()).slice(-7)}`;

  await page.goto(event.publicPath);
  await page.getByRole('link', { name: 'Se connecter pour participer' }).click();
  await page.waitForURL((url) => url.pathname === '/GetStarted');
  await page.getByRole('tab', { name: "S'inscrire" }).click();
  await page.getByLabel('Prénom').fill('Kemi');
  await page.getByLabel('Nom', { exact: true }).fill('Okon');
  await page.getByRole('textbox', { name: "Nom d'utilisateur" }).fill(`new_${id}`);
  await page.getByLabel('Numéro de téléphone').fill(`+237 ${digits}`);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByRole('heading', { name: 'Vérification du compte' })).toBeVisible();
  const code = await codeFromOutbox(`+237${digits}`, 'sms');
  // The sixth digit verifies by itself.
  await page.getByRole('textbox', { name: 'Chiffre 1 sur 6' }).click();
  await page.keyboard.type(code);
  await expect(page.getByRole('textbox', { name: 'Numéro de téléphone' })).toBeVisible();
  // Every view of the sign-in page kept the way back.
  expect(new URL(page.url()).searchParams.get('next')).toBe(`${event.publicPath}#participer`);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

  await page.waitForURL((url) => url.pathname === event.publicPath);
  await expect(page.getByRole('button', { name: 'Je participe' })).toBeInViewport();
  await expectSignedInHeader(page);
});

test('signing in by user name from the agenda’s header leads back to the agenda, now showing the organiser space', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const account = await member(request, id);
  await page.goto('/evenements?city=Douala');
  await expectSignedOutHeader(page);
  await shot(page, testInfo, 'agenda-signed-out');
  await expectNoAxeViolations(page, 'agenda, signed out');
  await header(page).getByRole('link', { name: 'Se connecter', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/GetStarted');
  await signInOnForm(page, 'username', account.username);
  await page.waitForURL((url) => url.pathname === '/evenements' && url.searchParams.get('city') === 'Douala');
  await expectSignedInHeader(page);
  await shot(page, testInfo, 'agenda-signed-in');
  await expectNoAxeViolations(page, 'agenda, signed in');
  await header(page).getByRole('link', { name: 'Espace organisateur' }).click();
  await expect(page.getByRole('heading', { name: 'Mes évènements', level: 1 })).toBeVisible();
});

test('the header follows the session on every public page: Mon compte when signed in, Se connecter once signed out', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const event = await createEvent(request, `Ndole Beats ${id}`);
  const account = await member(request, id);
  await loginAs(page, request, account.email, PASSWORD);
  for (const url of ['/evenements', event.publicPath, '/evenements/rien-0123456789ab']) {
    await page.goto(url);
    await expectSignedInHeader(page);
  }
  // Already signed in, the sign-in page leads straight back.
  await page.goto(`/GetStarted?next=${encodeURIComponent(event.publicPath)}`);
  await page.waitForURL((url) => url.pathname === event.publicPath);
  await expectNoAxeViolations(page, 'event page, signed in');
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.reload();
  await expectSignedOutHeader(page);
  expect(id).toBeTruthy();
});

test('the landing page’s header: Se connecter signed out, Espace organisateur signed in (and Mon compte in the menu on a phone)', async ({
  page,
  request,
  isMobile,
}, testInfo) => {
  const id = unique(testInfo);
  const account = await member(request, id);
  const nav = async () => {
    if (!isMobile) return page.getByRole('navigation', { name: 'Navigation principale' });
    await page.getByText('Menu', { exact: true }).click();
    return page.getByRole('navigation', { name: 'Navigation mobile' });
  };
  await page.goto('/');
  let links = await nav();
  await expect(links.getByRole('link', { name: 'Se connecter', exact: true })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Mon compte' })).toBeHidden();
  await expect(links.getByRole('link', { name: 'Espace organisateur' })).toBeHidden();
  await shot(page, testInfo, 'landing-signed-out');
  await expectNoAxeViolations(page, 'landing, signed out');

  await loginAs(page, request, account.email, PASSWORD);
  await page.goto('/');
  links = await nav();
  // The organiser space in the wide header and the menu; 'Mon compte' in the phone menu only (no room beside the sections).
  await expect(links.getByRole('link', { name: 'Espace organisateur' })).toHaveAttribute('href', '/mon-compte/evenements');
  await expect(links.getByRole('link', { name: 'Espace organisateur' })).toBeVisible();
  if (isMobile) await expect(links.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  else await expect(links.getByRole('link', { name: 'Mon compte' })).toBeHidden();
  await expect(links.getByRole('link', { name: 'Se connecter', exact: true })).toBeHidden();
  await shot(page, testInfo, 'landing-signed-in');
  await expectNoAxeViolations(page, 'landing, signed in');
  if (isMobile) {
    await links.getByRole('link', { name: 'Mon compte' }).click();
    await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
  } else {
    await links.getByRole('link', { name: 'Espace organisateur' }).click();
    await expect(page.getByRole('heading', { name: 'Mes évènements', level: 1 })).toBeVisible();
  }
});

for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(document.domain)']) {
  test(`an outside address in next (${evil}) is not followed: the sign-in lands on Mon compte`, async ({
    page,
    request,
  }, testInfo) => {
    const id = unique(testInfo);
    const account = await member(request, id);
    await page.goto(`/GetStarted?next=${encodeURIComponent(evil)}`);
    const origin = new URL(page.url()).origin;
    await signInOnForm(page, 'email', account.email);
    await page.waitForURL((url) => url.pathname === '/mon-compte');
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
  });
}
