import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { type FreshDatabase, freshPostgresDatabase } from '@app/test-utils/postgres-database';
import { REPO_ROOT, type RunningServer, startServer } from '@app/test-utils/server';
import { signedInAccount } from '../../fixtures/accounts';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * Issue 29, decision 063: a participant and an organiser write to each other, each in their own
 * browser served by a different instance of the API (one PostgreSQL, one Redis), and each sees
 * the other's message arrive without reloading the page.
 */

const shot = shotsIn('messages', { noSidewaysScroll: true });
const PASSWORD = 'Mbole-Makossa-42!';
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

test.describe.configure({ mode: 'serial' });

let database: FreshDatabase;
let servers: RunningServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await freshPostgresDatabase(POSTGRES, 'e2e_messages');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: REDIS,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'),
  };
  // The first migrates the empty database; the second then finds it ready.
  const first = await startServer(env);
  servers = [first, await startServer(env)];
});

test.afterAll(async () => {
  for (const server of servers) {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  await database?.drop();
});

/** A page of its own browser context, signed in with `token` on `server`. */
async function signedInPage(browser: Browser, server: RunningServer, token: string, viewport: Page['viewportSize']) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: viewport() ?? undefined,
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
  });
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return context.newPage();
}

test('a participant and an organiser chat, each on another instance, and see each other’s messages without a reload', async ({
  browser,
  page: defaultPage,
}, testInfo) => {
  const [serverA, serverB] = servers as [RunningServer, RunningServer];
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: serverA.baseURL });
  const organiser = await signedInAccount(api, testInfo, 'orga', PASSWORD, serverA.dataDir);
  const participant = await signedInAccount(api, testInfo, 'part', PASSWORD, serverA.dataDir);
  const title = `Soirée makossa ${testInfo.project.name}`;
  const eventId = await publishedEvent(api, organiser.token, eventBody(title, 240));
  const joined = await api.post(`/api/events/${eventId}/participants`, {
    headers: { authorization: `Bearer ${participant.token}` },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  const viewport = () => defaultPage.viewportSize();
  // The organiser's screen, on instance B, is open before anything is written.
  const organiserPage = await signedInPage(browser, serverB, organiser.token, viewport);
  await organiserPage.goto('/mon-compte/messages');
  await expect(organiserPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(organiserPage.getByText('Aucune conversation pour l’instant.')).toBeVisible();
  await expectNoAxeViolations(organiserPage, 'messages (vide)');

  // The participant, on instance A, writes from 'Mes participations'.
  const participantPage = await signedInPage(browser, serverA, participant.token, viewport);
  await participantPage.goto('/mon-compte/participations');
  await expect(participantPage.locator('[data-participation]')).toHaveCount(1);
  await shot(participantPage, testInfo, 'participations');
  await participantPage.getByRole('link', { name: `Écrire à l’organisateur de « ${title} »` }).click();
  await expect(participantPage.getByRole('heading', { level: 1, name: 'Nouveau message' })).toBeVisible();
  await participantPage.getByRole('button', { name: 'Envoyer' }).click();
  await expect(participantPage.getByText('Le message ne peut pas être vide')).toBeVisible();
  await participantPage.getByLabel('Votre message').fill('Bonjour, faut-il imprimer le billet ? Plan : https://exemple.cm/plan');
  await participantPage.getByRole('button', { name: 'Envoyer' }).click();
  await expect(participantPage).toHaveURL(/\/mon-compte\/messages\/[0-9a-f-]{36}$/);
  await expect(participantPage.getByRole('heading', { level: 2, name: `Ngo ${organiser.lastName}` })).toBeVisible();
  const participantThread = participantPage.getByRole('list', { name: 'Messages' });
  await expect(participantThread.getByRole('listitem')).toHaveCount(1);
  await expect(participantThread.getByRole('link', { name: 'https://exemple.cm/plan' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );

  // Instance B heard it through Redis: the organiser's list and badge, without a reload.
  const line = organiserPage.locator('[data-conversation]');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`Ngo ${participant.lastName}`);
  await expect(line).toContainText(title);
  await expect(organiserPage.getByTestId('messages-count')).toHaveText('1');
  await shot(organiserPage, testInfo, 'organiser-list');
  await line.click();
  const organiserThread = organiserPage.getByRole('list', { name: 'Messages' });
  await expect(organiserThread).toContainText('Bonjour, faut-il imprimer le billet ?');
  await expect(organiserPage.getByTestId('messages-count')).toHaveCount(0);
  await organiserPage.getByLabel('Votre message').fill('Non, le QR code sur votre téléphone suffit.');
  await organiserPage.getByLabel('Votre message').press('Control+Enter');
  await expect(organiserThread.getByRole('listitem')).toHaveCount(2);

  // And back on A, in the participant's open conversation.
  await expect(participantThread.getByRole('listitem')).toHaveCount(2);
  await expect(participantThread).toContainText('Non, le QR code sur votre téléphone suffit.');
  await shot(participantPage, testInfo, 'participant-thread');
  await shot(organiserPage, testInfo, 'organiser-thread');
  await expectNoAxeViolations(participantPage, 'conversation (participant)');
  await expectNoAxeViolations(organiserPage, 'conversation (organisateur)');

  // The organiser blocks the participant: neither can write any more.
  await organiserPage.getByRole('button', { name: 'Bloquer' }).click();
  await organiserPage.getByRole('dialog').getByRole('button', { name: 'Bloquer' }).click();
  await expect(organiserPage.getByText('Vous avez bloqué cette personne')).toBeVisible();
  await expect(organiserPage.getByLabel('Votre message')).toHaveCount(0);
  await participantPage.reload();
  await expect(participantPage.getByText('Vous ne pouvez plus écrire dans cette conversation.')).toBeVisible();
  await api.dispose();
});
