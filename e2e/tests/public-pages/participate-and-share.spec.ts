import { type APIRequestContext, expect, test, type TestInfo } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import { loginAs, loginAsSuperadmin, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { registerVerified } from '../../fixtures/accounts';
import { eventBody } from '../../fixtures/events';

/** Issue 16: 'Je participe' on the public event page, and the share link of a private event in the back office. */
const shot = shotsIn('participate', { noSidewaysScroll: true, fullPage: false });
const PASSWORD = 'Membre-Passw0rd-42!';

const unique = (testInfo: TestInfo) => `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;

/** A member of the app, registered and verified as /GetStarted does. */
async function member(request: APIRequestContext, id: string): Promise<string> {
  const email = `part.${id}@example.cm`;
  await registerVerified(request, {
    username: `part_${id}`,
    email,
    password: PASSWORD,
    firstName: 'Brenda',
    lastName: `Test ${id}`,
  });
  return email;
}

async function createEvent(request: APIRequestContext, fields: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const response = await request.post('/api/events', {
    headers,
    data: eventBody(String(fields.title), 12 * 24, {
      description: 'Contes et musique au clair de lune.',
      location: { address: 'Place de l’Indépendance', city: 'Bafoussam' },
      category: 'art',
      maxParticipants: 50,
      ...fields,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const event = (await response.json()).event as {
    _id: string;
    publicPath: string;
    shareToken: string;
    sharePath: string;
    shareUrl: string;
  };
  expect((await request.put(`/api/events/${event._id}/publish`, { headers })).ok()).toBe(true);
  return event;
}

test('Je participe: signed out a sign-in link, signed in a toggle that counts', async ({ page, request }, testInfo) => {
  const id = unique(testInfo);
  const event = await createEvent(request, { title: `Nuit des contes ${id}` });

  await page.goto(event.publicPath);
  const signIn = page.getByRole('link', { name: 'Se connecter pour participer' });
  // It leads back to this event, at 'Je participe' (decision 026).
  await expect(signIn).toHaveAttribute('href', `/GetStarted?next=${encodeURIComponent(`${event.publicPath}#participer`)}`);
  await expect(page.getByRole('button', { name: 'Je participe' })).toHaveCount(0);

  const email = await member(request, id);
  await loginAs(page, request, email, PASSWORD);
  await page.goto(event.publicPath);
  const toggle = page.getByRole('button', { name: 'Je participe' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('link', { name: 'Se connecter pour participer' })).toHaveCount(0);
  await expect(page.getByTestId('participants')).toHaveText('0');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Participation enregistrée' })).toBeVisible();
  await expect(page.getByTestId('participants')).toHaveText('1');
  await expect(page.getByTestId('places-left')).toHaveText('49 places restantes');
  await toggle.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'event-participating');
  await expectNoAxeViolations(page, 'event page, taking part');

  // The state is the server's: a reload still shows it, and withdrawing counts down.
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('participants')).toHaveText('0');
  await expect(page.getByRole('status').filter({ hasText: 'Participation retirée' })).toBeVisible();
});

test('back office: copy and regenerate the share link of a private event; the old link stops working', async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = unique(testInfo);
  const title = `Mariage privé ${id}`;
  const event = await createEvent(request, { title, isPublic: false });
  // The suite's server has PUBLIC_URL = its base URL (http://127.0.0.1:PORT).
  const publicUrl = String(baseURL);
  expect(event.shareUrl).toBe(`${publicUrl}${event.sharePath}`);
  expect((await request.get(event.sharePath)).status()).toBe(200);

  // The back office opened on another address of the same server: the link is still on PUBLIC_URL.
  const backOffice = new URL(publicUrl);
  backOffice.hostname = 'localhost';
  await loginAsSuperadmin(page, request);
  await page.goto(new URL('/admin/events', backOffice).href);
  expect(new URL(page.url()).origin).not.toBe(new URL(publicUrl).origin);
  await page.getByLabel('Rechercher').fill(id);
  await page.getByRole('region', { name: 'Liste des événements' }).getByRole('button', { name: title, exact: true }).click();
  const panel = page.getByRole('complementary', { name: "Détail de l'événement" });
  const link = panel.getByRole('textbox', { name: 'Lien de partage' });
  await expect(link).toHaveValue(`${publicUrl}${event.sharePath}`);
  await panel.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${publicUrl}${event.sharePath}`);
  await link.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'share-link');
  await expectNoAxeViolations(page, 'event detail with its share link');

  await panel.getByRole('button', { name: 'Régénérer le lien' }).click();
  const dialog = page.getByRole('dialog', { name: 'Régénérer le lien de partage ?' });
  await expect(dialog.getByText('l’ancien ne fonctionnera plus')).toBeVisible();
  await shot(page, testInfo, 'share-link-confirm');
  await dialog.getByRole('button', { name: 'Régénérer le lien' }).click();
  await expect(page.getByText('Nouveau lien de partage créé ; l’ancien ne fonctionne plus')).toBeVisible();
  await expect(link).not.toHaveValue(`${publicUrl}${event.sharePath}`);
  const fresh = new URL(await link.inputValue());
  expect(fresh.origin).toBe(new URL(publicUrl).origin);
  expect((await request.get(event.sharePath)).status()).toBe(404);
  expect((await request.get(`${fresh.pathname}${fresh.search}`)).status()).toBe(200);

  // A public event has no share link to manage.
  const open = await createEvent(request, { title: `Concert public ${id}` });
  await page.getByLabel('Rechercher').fill(`Concert public ${id}`);
  await page
    .getByRole('region', { name: 'Liste des événements' })
    .getByRole('button', { name: `Concert public ${id}`, exact: true })
    .click();
  await expect(panel.getByRole('heading', { name: `Concert public ${id}` })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Lien de partage' })).toHaveCount(0);
  expect(open._id).toBeTruthy();
});

test('agenda: a page past the anonymous depth cap says to narrow the search and links back to page 1', async ({
  page,
}, testInfo) => {
  await page.goto('/evenements?page=835');
  await expect(
    page.getByText('Page trop lointaine : affinez la recherche ou les filtres pour voir ces évènements.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agenda des évènements' })).toBeVisible();
  await shot(page, testInfo, 'agenda-too-deep');
  await expectNoAxeViolations(page, 'agenda past the depth cap');
  await page.getByRole('link', { name: 'Revenir à la première page' }).click();
  await expect(page).toHaveURL(/\/evenements$/);
  await expect(page.getByText('Page trop lointaine')).toHaveCount(0);
});
