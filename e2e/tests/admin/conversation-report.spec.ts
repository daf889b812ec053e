import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * Issue 29, decision 064: 'a report ends in a block'. A participant reports their conversation
 * with an organiser from their messages screen; a member of the team with manage_chats opens
 * 'Messagerie' › 'Signalées', reads the messages in question and blocks the organiser, whose open
 * screen is cut off at once (and who can no longer sign in), while the participant's thread says
 * that nobody writes there any more.
 */

const shot = shotsIn('conversation-report', { noSidewaysScroll: true });
const PASSWORD = 'Ndole-Plantain-42!';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A page of its own browser context, at the test's size. */
async function pageOfItsOwn(browser: Browser, page: Page) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: page.viewportSize(),
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
  });
  return { other: await context.newPage(), context };
}

async function post(request: APIRequestContext, url: string, token: string, data: unknown) {
  const response = await request.post(url, { headers: bearer(token), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('a report ends in a block: reported from the messages screen, blocked from Messagerie › Signalées', async ({
  page,
  request,
  browser,
  superToken,
}, testInfo) => {
  test.setTimeout(150_000);
  // The organiser writes what the participant will report; the participant is the one reporting.
  const organiser = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const participant = await signedInAccount(request, testInfo, 'part', PASSWORD);
  const organiserName = `Ngo ${organiser.lastName}`;
  const title = `Concert bikutsi ${unique(testInfo)}`;
  const eventId = await publishedEvent(request, organiser.token, eventBody(title, 96));
  const joined = await request.post(`/api/events/${eventId}/participants`, { headers: bearer(participant.token) });
  expect(joined.ok(), await joined.text()).toBe(true);
  const { conversationId } = (await post(request, `/api/events/${eventId}/conversations`, participant.token, {
    text: 'Bonjour, reste-t-il des places assises ?',
  })) as { conversationId: string };
  const insults = [
    'Pour une place assise, envoyez-moi 10 000 F par MoMo tout de suite.',
    'Si vous ne payez pas, je viendrai vous chercher. <b>Dernier avis</b> https://paiement-rapide.example/momo',
  ];
  for (const text of insults) await post(request, `/api/conversations/${conversationId}/messages`, organiser.token, { text });

  // The organiser's screen is open on the conversation.
  const { other: organiserPage, context: organiserContext } = await pageOfItsOwn(browser, page);
  await organiserContext.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-token-set')) {
      window.sessionStorage.setItem('e2e-token-set', '1');
      window.localStorage.setItem('token', value);
    }
  }, organiser.token);
  await organiserPage.goto(`/mon-compte/messages/${conversationId}`);
  await expect(organiserPage.getByLabel('Votre message')).toBeVisible();

  // The participant reports it from their messages screen, without blocking (the team will decide).
  await loginAs(page, request, participant.email, PASSWORD);
  await page.goto(`/mon-compte/messages/${conversationId}`);
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: `Signaler la conversation avec ${organiserName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler la conversation' });
  await expect(dialog).toContainText(`les 5 derniers messages de ${organiserName}`);
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog.getByText('Choisissez un motif')).toBeVisible();
  await dialog.getByLabel('Motif').selectOption({ label: 'Arnaque' });
  await dialog.getByLabel(/Précision/).fill('Il demande de l’argent et menace.');
  const alsoBlock = dialog.getByLabel(`Bloquer aussi ${organiserName} : vous ne pourrez plus vous écrire`);
  await expect(alsoBlock).toBeChecked();
  await alsoBlock.uncheck();
  await shot(page, testInfo, 'report-dialog', { fullPage: false });
  await expectNoAxeViolations(page, 'report dialog');
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page.getByText('Signalement envoyé : l’équipe va examiner cette conversation')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Not blocked by the participant: the thread goes on for now.
  await expect(page.getByLabel('Votre message')).toBeVisible();

  // A member of the team with manage_chats only.
  const adminEmail = `moderation-${unique(testInfo)}@e2e.local`;
  const adminPassword = 'Messagerie-42!';
  const created = await request.post('/api/users', {
    headers: bearer(superToken),
    data: {
      firstName: 'Sandrine',
      lastName: 'Kamga',
      email: adminEmail,
      password: adminPassword,
      permissions: ['manage_chats'],
      role: 'admin',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { other: adminPage, context: adminContext } = await pageOfItsOwn(browser, page);
  await loginAs(adminPage, request, adminEmail, adminPassword);
  await adminPage.goto('/admin/messages');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Signalées' }).click();
  await expect(adminPage).toHaveURL(/filter=reported/);
  await expect(adminPage.getByRole('button', { name: 'Signalées' })).toHaveAttribute('aria-pressed', 'true');
  // Searching finds it among everyone's reports.
  await adminPage.getByLabel('Rechercher une conversation').fill(organiser.lastName);
  await expect(adminPage).toHaveURL(/q=/);
  const row = adminPage.locator('[data-report-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(organiserName);
  await expect(row).toContainText('Motif : Arnaque');
  await expect(row).toContainText(`Signalée par Ngo ${participant.lastName}`);
  await expect(adminPage.locator('ul[aria-busy="true"]')).toHaveCount(0);
  await shot(adminPage, testInfo, 'reported-list');
  await expectNoAxeViolations(adminPage, 'Messagerie › Signalées');

  await row.click();
  const panel = adminPage.locator('section[aria-labelledby="report-title"]');
  await expect(panel.getByRole('heading', { name: organiserName })).toBeFocused();
  await expect(panel).toContainText('À traiter');
  await expect(panel).toContainText(`Ngo ${participant.lastName}`);
  await expect(panel).toContainText('Il demande de l’argent et menace.');
  await expect(panel).toContainText(title);
  // The messages in question: the organiser's, as text (the markup shown, the address not a link).
  const inQuestion = panel.getByRole('list', { name: 'Messages en cause' });
  await expect(inQuestion.getByRole('listitem')).toHaveCount(2);
  await expect(inQuestion).toContainText(insults[0] as string);
  await expect(inQuestion).toContainText('<b>Dernier avis</b>');
  await expect(inQuestion.getByRole('link')).toHaveCount(0);
  await expect(inQuestion).not.toContainText('reste-t-il des places');
  if (testInfo.project.name === 'mobile') await expect(row).toBeHidden();
  await shot(adminPage, testInfo, 'report-detail');
  await expectNoAxeViolations(adminPage, 'reported conversation');

  // Bloquer l'utilisateur, confirmed.
  await panel.getByRole('button', { name: 'Bloquer l’utilisateur' }).click();
  const confirm = adminPage.getByRole('dialog');
  await expect(confirm).toContainText(`Bloquer ${organiserName} ?`);
  await shot(adminPage, testInfo, 'block-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: 'Bloquer l’utilisateur' }).click();
  await expect(adminPage.getByText('Utilisateur bloqué', { exact: true }).first()).toBeVisible();
  await expect(panel).toContainText('Ce signalement a été traité le');
  await expect(panel.getByRole('button', { name: 'Bloquer l’utilisateur' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Classer' })).toHaveCount(0);
  await shot(adminPage, testInfo, 'blocked');
  await expectNoAxeViolations(adminPage, 'report handled');

  // The organiser's open screen is cut off without a reload, and signing in again is refused.
  await organiserPage.waitForURL(/\/GetStarted/, { timeout: 15_000 });
  await organiserPage.getByRole('textbox', { name: 'E-mail', exact: true }).fill(organiser.email);
  await organiserPage.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await organiserPage.getByRole('button', { name: 'Se connecter' }).click();
  await expect(organiserPage.getByTestId('login-error')).toHaveText('Ce compte est bloqué. Contactez le support.');
  await shot(organiserPage, testInfo, 'organiser-refused');
  const write = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: bearer(organiser.token),
    data: { text: 'Encore moi' },
  });
  expect(write.status()).toBe(401);

  // The participant's thread hears it: nobody writes there any more.
  await expect(page.getByText('Vous ne pouvez plus écrire dans cette conversation.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Votre message')).toHaveCount(0);
  await shot(page, testInfo, 'participant-after');
  await expectNoAxeViolations(page, 'participant’s thread after the block');

  await organiserContext.close();
  await adminContext.close();
});
