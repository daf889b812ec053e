import { expect, type Page } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import { test } from '../../fixtures/auth';

const shot = shotsIn('security');
const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>window.__xss=1;alert(2)</script>';

declare global {
  interface Window {
    __xss?: number;
    __cspViolations?: string[];
  }
}

/** Watches for any sign of script injection: a dialog, the global flag, a CSP refusal. */
async function watch(page: Page, token: string) {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.addInitScript((value) => {
    window.localStorage.setItem('token', value);
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod 4 probes `new Function('')` once to decide whether it may compile its parsers; the
      // CSP refusing it is the CSP working, not an injection (an injection is inline or a URL).
      if (event.blockedURI === 'eval') return;
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  }, token);
  return async (where: string) => {
    const state = await page.evaluate(() => ({ flag: window.__xss ?? null, csp: window.__cspViolations ?? [] }));
    expect(dialogs, `${where}: dialogs`).toEqual([]);
    expect(state.flag, `${where}: window.__xss`).toBeNull();
    expect(state.csp, `${where}: CSP violations`).toEqual([]);
    // Rendered as text: no element came out of the payloads.
    expect(await page.locator('img[src="x"]').count(), `${where}: injected <img>`).toBe(0);
    expect(await page.locator('script:not([src])').count(), `${where}: inline <script>`).toBe(0);
  };
}

test('hostile event titles and waiting-list names are shown as text on every screen, and no script runs', async ({
  page,
  request,
  superToken: token,
}, testInfo) => {
  const tag = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;
  const headers = { authorization: `Bearer ${token}` };

  // Two events (one published, so it reaches the dashboard lists) and two waiting-list entries.
  const titles = [`${IMG} Concert ${tag}`, `${SCRIPT} Festival ${tag}`];
  const ids: string[] = [];
  for (const [index, title] of titles.entries()) {
    const response = await request.post('/api/events', {
      headers,
      data: {
        title,
        description: `${IMG} ${SCRIPT} description`,
        startDateTime: new Date(Date.now() + (48 + index) * 3600_000).toISOString(),
        endDateTime: new Date(Date.now() + (50 + index) * 3600_000).toISOString(),
        location: { address: `${IMG} Rue de la Joie`, city: 'Douala' },
        category: 'concert',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push((await response.json()).event._id as string);
  }
  expect((await request.put(`/api/events/${ids[0]}/publish`, { headers })).ok()).toBe(true);
  // Three visitors' views put the published one first among 'Évènements populaires', so the
  // dashboard shows it even while another worker creates newer events (the 'récents' list).
  for (const visitor of [1, 2, 3]) {
    const view = await request.post(`/api/events/${ids[0]}/views`, {
      headers: { 'x-forwarded-for': `10.78.${visitor}.${Date.now() % 250}` },
    });
    expect(view.ok(), await view.text()).toBe(true);
  }
  const names = [`${IMG} Awa ${tag}`, `${SCRIPT} Paul ${tag}`];
  for (const [index, name] of names.entries()) {
    const digits = String(Date.now() + index).slice(-6);
    const response = await request.post('/api/waitlist', {
      // Its own private address (trusted from loopback), so other tests' sign-ups do not hit the limit.
      headers: { 'x-forwarded-for': `10.77.${index}.${Number(digits.slice(-2)) + 1}` },
      data: { name, phone: `+237690${digits}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  const check = await watch(page, token);

  // Back-office home: recent and top events, embedded waiting list.
  await page.goto('/admin');
  await expect(
    page
      .getByText(titles[0] as string)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  // The embedded waiting list shows the 5 newest entries: another worker's sign-ups may have pushed
  // ours to a later page, so page on until it shows.
  const embedded = page.getByRole('region', { name: "Liste d'attente" });
  const hostileName = embedded
    .getByText(names[1] as string)
    .filter({ visible: true })
    .first();
  const nextPage = embedded.getByRole('button', { name: 'Page suivante' });
  await expect(hostileName.or(nextPage).first()).toBeVisible();
  for (let next = 2; next <= 6 && !(await hostileName.isVisible()); next += 1) {
    const turned = page.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/waitlist') && new URL(response.url()).searchParams.get('page') === `${next}`,
    );
    await nextPage.click();
    await turned;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await expect(hostileName).toBeVisible();
  await check('/admin');
  await shot(page, testInfo, 'home');

  // Events: the list (searched to our tag), then each event's detail panel.
  await page.goto('/admin/events');
  await page.getByRole('searchbox').or(page.getByPlaceholder('Titre, description, adresse…')).first().fill(tag);
  for (const title of titles) {
    const card = page.getByRole('button', { name: title, exact: true });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page.getByRole('complementary').getByText(title).filter({ visible: true }).first()).toBeVisible();
    await expect(
      page.getByRole('complementary').getByText(`${IMG} ${SCRIPT} description`).filter({ visible: true }).first(),
    ).toBeVisible();
  }
  await check('/admin/events');
  await shot(page, testInfo, 'events');

  // Waiting list, searched to our tag.
  await page.goto('/admin/waitlist');
  await page.getByPlaceholder('Nom, e-mail ou téléphone').fill(tag);
  for (const name of names) await expect(page.getByText(name).filter({ visible: true }).first()).toBeVisible();
  await check('/admin/waitlist');
  await shot(page, testInfo, 'waitlist');
});

test('the API docs page works under the strict CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/api/docs');
  // Swagger UI reads the whole OpenAPI document, grown with every module, before it draws the first operation.
  await expect(page.getByText('/api/health').filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
