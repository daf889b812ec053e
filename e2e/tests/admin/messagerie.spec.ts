import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

const shot = shotsIn('messagerie', { noSidewaysScroll: true });

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** On a phone the sidebar is a drawer behind the menu button. */
async function openNav(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: /Ouvrir le menu|Open the menu/ }).click();
  }
  return page.getByRole('navigation', { name: /Navigation du back-office|Back-office navigation/ });
}

/** A new administrator holding only `permission`, signed in on `page`. */
async function signInAsAdmin(
  page: Page,
  request: APIRequestContext,
  superToken: string,
  testInfo: TestInfo,
  permission: 'manage_chats' | 'manage_transactions',
) {
  const email = `chat-${unique(testInfo)}@e2e.local`;
  const password = 'Messagerie-42!';
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${superToken}` },
    data: { firstName: 'Sandrine', lastName: 'Kamga', email, password, permissions: [permission], role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return loginAs(page, request, email, password);
}

/** The person writes to the team (`POST /api/conversations/support`): the conversation's id. */
async function writeToTeam(request: APIRequestContext, token: string, text: string): Promise<string> {
  const sent = await request.post('/api/conversations/support', {
    headers: { authorization: `Bearer ${token}` },
    data: { text },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { conversationId: string }).conversationId;
}

test('manage_chats answers a person in Messagerie, assigns, closes, and sees their new message arrive live', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  test.setTimeout(120_000);
  const person = await signedInAccount(request, testInfo, 'chat', 'Mango-Tree-2025');
  const name = `${person.firstName} ${person.lastName}`;
  const id = await writeToTeam(
    request,
    person.token,
    'Bonjour, mon billet ne s’affiche pas. Voir https://exemple.cm/billet?id=42.',
  );

  await signInAsAdmin(page, request, superToken, testInfo, 'manage_chats');
  await page.goto('/admin');
  const nav = await openNav(page);
  await nav.getByRole('link', { name: 'Messagerie', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);

  // 'En attente de nous': the person wrote last.
  await page.getByRole('button', { name: 'En attente de nous' }).click();
  await expect(page).toHaveURL(/filter=waiting/);
  await expect(page.getByRole('button', { name: 'En attente de nous' })).toHaveAttribute('aria-pressed', 'true');
  const row = page.locator(`[data-conversation-id="${id}"]`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Bonjour, mon billet ne s’affiche pas.');
  await expect(row).toContainText('En attente');
  await expect(row).toContainText('1 non lu(s)');
  await expect(row).toContainText('Non attribuée');
  await shot(page, testInfo, 'inbox');
  await expectNoAxeViolations(page, 'messagerie inbox');

  // The search (debounced, in the URL) finds the person.
  await page.getByLabel('Rechercher une conversation').fill(person.lastName);
  await expect(page).toHaveURL(/q=/);
  await expect(page.locator('[data-conversation-id]')).toHaveCount(1);

  // The thread: the person's message on the left, its address a link that opens apart.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`id=${id}`));
  const thread = page.locator('section[aria-labelledby="conversation-title"]');
  await expect(thread.getByRole('heading', { name })).toBeFocused();
  await expect(thread).toContainText(person.email);
  const link = thread.getByRole('link', { name: 'https://exemple.cm/billet?id=42' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('target', '_blank');
  if (testInfo.project.name === 'mobile') await expect(row).toBeHidden();

  // 'M’attribuer', then hidden.
  await thread.getByRole('button', { name: 'M’attribuer' }).click();
  await expect(page.getByText('La conversation vous est attribuée')).toBeVisible();
  await expect(thread.getByRole('button', { name: 'M’attribuer' })).toHaveCount(0);

  // The answer: empty is refused in French; Ctrl+Enter sends; the box is emptied.
  const box = thread.getByLabel('Votre réponse');
  await thread.getByRole('button', { name: 'Envoyer' }).click();
  await expect(thread.getByText('Le message ne peut pas être vide')).toBeVisible();
  const answer = `Nous vous renvoyons le billet ${unique(testInfo)}.`;
  await box.fill(answer);
  await expect(thread).toContainText(`${answer.length} / 2 000 caractères`.replace(' 000', '\u202f000'));
  await box.press('Control+Enter');
  await expect(page.getByText('Message envoyé')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(thread.locator('li').filter({ hasText: answer })).toContainText('L’équipe');
  await shot(page, testInfo, 'thread');
  await expectNoAxeViolations(page, 'messagerie thread');

  // The person reads the answer and its notification.
  const auth = { authorization: `Bearer ${person.token}` };
  const mine = (await (await request.get('/api/conversations/support', { headers: auth })).json()) as {
    thread: { messages: { author: string; text: string }[] };
  };
  expect(mine.thread.messages.at(-1)).toMatchObject({ author: 'L’équipe', text: answer });
  const notifications = (await (await request.get('/api/users/me/notifications', { headers: auth })).json()) as {
    items: { text: string }[];
  };
  expect(notifications.items.map((item) => item.text)).toContain(`L’équipe vous a répondu : ${answer}`);

  // Closed, it is under 'Fermées'.
  await thread.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(page.getByText('Conversation fermée')).toBeVisible();
  await expect(thread.getByRole('button', { name: 'Rouvrir' })).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    await thread.getByRole('button', { name: 'Retour à la liste' }).click();
    await expect(page).not.toHaveURL(/id=/);
    // Closed, it left 'En attente de nous': the search box has the focus.
    await expect(page.getByLabel('Rechercher une conversation')).toBeFocused();
  }
  await page.getByRole('button', { name: 'Fermées' }).click();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Fermée');

  // Live: while the screen stays open, the person writes again and the line comes back under 'En attente de nous'.
  await page.getByRole('button', { name: 'En attente de nous' }).click();
  await expect(page).toHaveURL(/filter=waiting/);
  await expect(row).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await writeToTeam(request, person.token, 'Reçu, merci beaucoup !');
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Reçu, merci beaucoup !');
  await expect(row).toContainText('En attente');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await shot(page, testInfo, 'live');
  await expectNoAxeViolations(page, 'messagerie after the live update');
});

test('an admin without manage_chats has no Messagerie entry', async ({ page, request, superToken }, testInfo) => {
  await signInAsAdmin(page, request, superToken, testInfo, 'manage_transactions');
  await page.goto('/admin');
  const nav = await openNav(page);
  await expect(nav.getByRole('link', { name: 'Transactions', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Messagerie', exact: true })).toHaveCount(0);
});

test('a long thread shows its earlier messages on demand; a refused or failed answer keeps its text', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  test.setTimeout(120_000);
  const person = await signedInAccount(request, testInfo, 'chatlong', 'Mango-Tree-2025');
  const id = await writeToTeam(request, person.token, 'Premier message du fil.');
  const adminToken = await signInAsAdmin(page, request, superToken, testInfo, 'manage_chats');
  for (let index = 1; index <= 50; index += 1) {
    const sent = await request.post(`/api/admin/conversations/${id}/messages`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { text: `Réponse ${index}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  // Opened from its address: the 50 latest, then the earlier one on demand.
  await page.goto(`/admin/messages?id=${id}`);
  const thread = page.locator('section[aria-labelledby="conversation-title"]');
  await expect(thread.getByText('Réponse 50', { exact: true })).toBeVisible();
  await expect(thread.locator('[data-message-id]')).toHaveCount(50);
  await expect(thread.getByText('Premier message du fil.')).toHaveCount(0);
  await thread.getByRole('button', { name: 'Messages précédents' }).click();
  await expect(thread.getByText('Premier message du fil.')).toBeVisible();
  await expect(thread.locator('[data-message-id]')).toHaveCount(51);
  await expect(thread.getByRole('button', { name: 'Messages précédents' })).toHaveCount(0);

  // Too long: the shared schema's French message, nothing sent.
  const box = thread.getByLabel('Votre réponse');
  await box.fill('a'.repeat(2001));
  await thread.getByRole('button', { name: 'Envoyer' }).click();
  await expect(thread.getByText('Le message doit contenir au plus 2000 caractères')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');

  // The server fails: the text stays, to send again.
  await page.route(`**/api/admin/conversations/${id}/messages`, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service indisponible' }) }),
  );
  await box.fill('Un texte à ne pas perdre');
  await thread.getByRole('button', { name: 'Envoyer' }).click();
  await expect(thread.getByText(/Le message n’a pas été envoyé/)).toBeVisible();
  await expect(box).toHaveValue('Un texte à ne pas perdre');
  await shot(page, testInfo, 'send-failed');
  await expectNoAxeViolations(page, 'messagerie, an answer not sent');
  await page.unroute(`**/api/admin/conversations/${id}/messages`);
  await box.focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Message envoyé')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(thread.getByText('Un texte à ne pas perdre', { exact: true })).toBeVisible();
});
