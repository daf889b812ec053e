import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { loginAsSuperadmin, test } from '../../fixtures/auth';
import { eventBody } from '../../fixtures/events';
import { withApprovalRequired } from '../../fixtures/approval';
import { shotsIn } from '../../fixtures/shots';

/** Issue 25 item 11: 'À approuver' on 'Évènements', with its count in the sidebar, at 360 and 1280 px. */
const shot = shotsIn('approval', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The subjects of the e-mails the server wrote to DATA_DIR/outbox for `to` (waits up to 10 s for one matching). */
async function subjectsTo(to: string, matching: RegExp): Promise<string[]> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let subjects: string[] = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.includes('-email-')) : [];
    subjects = files
      .map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')))
      .filter((message) => message.to === to)
      .map((message) => `${message.subject} ${message.text}`);
    if (subjects.some((subject) => matching.test(subject))) return subjects;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return subjects;
}

/** An organiser (an account without manage_events) and its draft submitted for approval, through the API. */
async function organiserDraft(request: APIRequestContext, token: string, id: string, title: string) {
  const email = `organisatrice-${id}@e2e.local`;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Clarisse', lastName: 'E2E', email, password: PASSWORD, permissions: [], role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await request.post('/api/users/login', { data: { identifier: email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const organiserToken = (await login.json()).token as string;
  const event = await request.post('/api/events', {
    headers: { authorization: `Bearer ${organiserToken}` },
    data: eventBody(title),
  });
  expect(event.status(), await event.text()).toBe(201);
  const eventId = (await event.json()).event._id as string;
  // 'Publier' by the organiser submits the draft for approval (decision 038).
  const submitted = await request.put(`/api/events/${eventId}/publish`, {
    headers: { authorization: `Bearer ${organiserToken}` },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  return { email, id: eventId };
}

async function openNav(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.getByRole('button', { name: /Ouvrir le menu/ }).click();
  return page.getByRole('navigation', { name: /Navigation du back-office/ });
}

test("an organiser's draft waits in 'À approuver' with its count; one is approved, one refused with a reason", async ({
  page,
  request,
  superToken,
}, testInfo) => {
  const id = unique(testInfo);
  await withApprovalRequired(request, superToken, async () => {
    const first = await organiserDraft(request, superToken, `${id}a`, `Nuit du Bikutsi ${id}`);
    const second = await organiserDraft(request, superToken, `${id}b`, `Marché de Noël ${id}`);
    const headers = { authorization: `Bearer ${superToken}` };
    const waiting = (await (await request.get('/api/events/pending-approval/count', { headers })).json()).count as number;
    expect(waiting).toBeGreaterThanOrEqual(2);

    await loginAsSuperadmin(page, request);
    await page.goto('/admin/events');
    const nav = await openNav(page);
    await expect(nav.locator('[data-badge="evenements"]')).toHaveText(String(waiting));
    if ((page.viewportSize()?.width ?? 1280) < 1024) await page.keyboard.press('Escape');

    await page.getByLabel('Statut').selectOption({ label: 'À approuver' });
    await page.getByLabel('Rechercher').fill(id);
    const list = page.getByRole('region', { name: 'Liste des événements' });
    await expect(list.getByRole('button', { name: `Nuit du Bikutsi ${id}`, exact: true })).toBeVisible();
    await expect(list.getByRole('button', { name: `Marché de Noël ${id}`, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'À approuver');
    await shot(page, testInfo, 'queue');

    await list.getByRole('button', { name: `Nuit du Bikutsi ${id}`, exact: true }).click();
    const panel = page.getByRole('complementary', { name: "Détail de l'événement" });
    await expect(panel.getByText('En attente d’approbation')).toBeVisible();
    await shot(page, testInfo, 'detail');
    await panel.getByRole('button', { name: 'Approuver' }).click();
    await expect(panel.getByText('Publié', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: `Nuit du Bikutsi ${id}`, exact: true })).toHaveCount(0);

    await list.getByRole('button', { name: `Marché de Noël ${id}`, exact: true }).click();
    await panel.getByRole('button', { name: 'Refuser avec motif' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refuser la publication' });
    await dialog.getByRole('button', { name: 'Refuser', exact: true }).click();
    await expect(dialog.getByText('Le motif du refus est requis')).toBeVisible();
    await dialog.getByLabel(/Motif du refus/).fill('Photos manquantes');
    await expectNoAxeViolations(page, 'refusal dialog');
    await shot(page, testInfo, 'refusal');
    await dialog.getByRole('button', { name: 'Refuser', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('button', { name: `Marché de Noël ${id}`, exact: true })).toHaveCount(0);

    const approved = await (await request.get(`/api/events/${first.id}`, { headers })).json();
    expect(approved.status).toBe('published');
    const refused = await (await request.get(`/api/events/${second.id}`, { headers })).json();
    expect(refused.status).toBe('draft');
    // The organisers were told, through the outbox.
    expect(await subjectsTo(first.email, /Votre événement est publié/)).toContainEqual(
      expect.stringContaining(`Votre événement est publié : Nuit du Bikutsi ${id}`),
    );
    expect(await subjectsTo(second.email, /Motif : Photos manquantes/)).toContainEqual(
      expect.stringContaining('Motif : Photos manquantes'),
    );
    const count = (await (await request.get('/api/events/pending-approval/count', { headers })).json()).count as number;
    expect(count).toBe(waiting - 2);
  });
});
