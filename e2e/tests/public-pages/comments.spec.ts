import { type APIRequestContext, expect, test, type TestInfo } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import { loginAs, loginAsSuperadmin, superadminToken } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { registerVerified } from '../../fixtures/accounts';

/*
 * Issue 25, item 5 (decision 028): the comments and likes of the public event page; liking,
 * commenting and reporting a comment from it; the report in 'Signalements', where the moderator
 * removes the comment. Names and texts are neutral (the English walk reads the admin lists).
 */
const shot = shotsIn('/tmp/shots-comments', { noSidewaysScroll: true });
const PASSWORD = 'Member-Passw0rd-42!';
const HOSTILE = '<img src=x onerror=alert(1)>';

const unique = (testInfo: TestInfo) => `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;

async function member(request: APIRequestContext, id: string, name: string) {
  const email = `${name}.${id}@example.cm`;
  await registerVerified(request, {
    username: `${name}_${id}`,
    email,
    password: PASSWORD,
    firstName: 'Tester',
    lastName: `${name} ${id}`,
  });
  const login = await request.post('/api/users/login', { data: { identifier: email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return { email, token: (await login.json()).token as string, name: `Tester ${name} ${id}` };
}

test('comments and likes on the event page; a reported comment removed from Signalements', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const start = Date.now() + 20 * 86_400_000;
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: `Evening ${id}`,
      description: 'Neutral description.',
      startDateTime: new Date(start).toISOString(),
      endDateTime: new Date(start + 3 * 3600_000).toISOString(),
      location: { address: 'Main Street', city: 'Douala' },
      category: 'concert',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).event as { _id: string; publicPath: string };
  expect((await request.put(`/api/events/${event._id}/publish`, { headers })).ok()).toBe(true);

  const author = await member(request, id, 'alpha');
  const hostile = await request.post(`/api/events/${event._id}/comments`, {
    headers: { authorization: `Bearer ${author.token}` },
    data: { text: HOSTILE },
  });
  expect(hostile.status()).toBe(201);
  const liked = await request.put(`/api/events/${event._id}/like`, { headers: { authorization: `Bearer ${author.token}` } });
  expect(liked.ok()).toBe(true);

  // Signed out: the comment as text (no script runs from it), its author, the like count, sign-in links.
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(event.publicPath);
  const section = page.locator('#commentaires');
  await expect(section.getByRole('heading', { name: 'Commentaires (1)' })).toBeVisible();
  await expect(section.getByText(HOSTILE, { exact: true })).toBeVisible();
  await expect(section.getByText(author.name)).toBeVisible();
  await expect(section.getByTestId('likes')).toHaveText('1');
  const next = `/GetStarted?next=${encodeURIComponent(event.publicPath)}`;
  await expect(section.getByRole('link', { name: 'Se connecter pour aimer' })).toHaveAttribute('href', next);
  await expect(section.getByRole('link', { name: 'Se connecter pour commenter' })).toHaveAttribute('href', next);
  await expect(section.getByRole('button', { name: 'J’aime' })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'event-signed-out');
  await expectNoAxeViolations(page, 'event page with comments, signed out');

  // Signed in: like, comment, report the hostile comment.
  const reader = await member(request, id, 'beta');
  await loginAs(page, request, reader.email, PASSWORD);
  await page.goto(event.publicPath);
  const like = section.getByRole('button', { name: 'J’aime' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(section.getByRole('link', { name: 'Se connecter pour aimer' })).toHaveCount(0);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByTestId('likes')).toHaveText('2');
  await expect(section.getByRole('status').filter({ hasText: 'Vous aimez cet événement' })).toBeVisible();

  await section.getByLabel('Votre commentaire').fill(`plain remark ${id}`);
  await section.getByRole('button', { name: 'Publier' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Commentaire ajouté' })).toBeVisible();
  await expect(section.locator('.clist li').first()).toContainText(`plain remark ${id}`);
  await expect(section.getByRole('heading', { name: 'Commentaires (2)' })).toBeVisible();

  await section.getByRole('link', { name: `Signaler le commentaire de ${author.name}` }).click();
  await section.getByLabel('Motif du signalement').selectOption('harassment');
  await section.getByLabel('Précision (facultatif)').fill(`report ${id}`);
  await shot(page, testInfo, 'event-report-form');
  await section.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Signalement envoyé' })).toBeVisible();
  await expectNoAxeViolations(page, 'event page, signed in, after reporting');
  await shot(page, testInfo, 'event-signed-in');

  // The like and the comment are the server's: a reload shows them.
  await page.reload();
  await expect(section.getByRole('button', { name: 'J’aime' })).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByText(`plain remark ${id}`)).toBeVisible();
  expect(dialogs).toEqual([]);

  // An administrator sees it in Signalements, with the comment and a link to it, and removes the comment.
  await page.context().clearCookies();
  await page.evaluate(() => {
    window.localStorage.clear();
  });
  const admin = await page.context().newPage();
  await loginAsSuperadmin(admin, request);
  await admin.goto('/admin/reports');
  await expect(admin.getByRole('heading', { level: 1, name: 'Signalements' })).toBeVisible();
  const item = admin.locator('li[data-report-id]', { hasText: `report ${id}` });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Commentaire');
  await expect(item.getByText(HOSTILE, { exact: true })).toBeVisible();
  await expect(item).toContainText(author.name);
  await expect(item).toContainText(reader.name);
  await expect(item.getByRole('link', { name: 'Voir le commentaire sur la page' })).toHaveAttribute(
    'href',
    new RegExp(`^${event.publicPath}#commentaire-`),
  );
  await item.scrollIntoViewIfNeeded();
  await shot(admin, testInfo, 'signalements');
  await expectNoAxeViolations(admin, 'Signalements with a comment report');
  await item.getByRole('button', { name: 'Supprimer le commentaire' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Supprimer le commentaire' });
  await confirm.getByRole('button', { name: 'Supprimer le commentaire' }).click();
  await expect(admin.getByText('Commentaire supprimé', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  const after = await request.get(event.publicPath);
  expect(await after.text()).not.toContain('onerror=alert(1)');
  await admin.close();
});
