import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { loginAsSuperadmin, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

const shot = shotsIn('/tmp/shots-list-url');
const PASSWORD = 'Zylo-Passw0rd-42!';
/** One more row than a page holds (PAGE_SIZE, 10), so the search has a second page with one row. */
const ROWS = 11;

function unique(testInfo: TestInfo): string {
  return `zq${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * On a list screen: the search and a second page are in the URL, a reload shows the same search,
 * filter and page (one row), and the browser's Back returns to the first page.
 */
async function reloadKeepsSearchAndPage(
  page: Page,
  testInfo: TestInfo,
  screen: { name: string; searchBox: Locator; token: string; rows: Locator; filter?: { select: Locator; value: string } },
) {
  await screen.searchBox.fill(screen.token);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${screen.token}(&|$)`));
  if (screen.filter) {
    await screen.filter.select.selectOption(screen.filter.value);
    await expect(page).toHaveURL(new RegExp(`=${screen.filter.value}(&|$)`));
  }
  await expect(page.getByText('Page 1 sur 2')).toBeVisible();
  await expect(screen.rows).toHaveCount(10);
  await page.getByRole('button', { name: 'Page suivante' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(screen.rows).toHaveCount(1);

  await page.reload();
  await expect(screen.searchBox).toHaveValue(screen.token);
  if (screen.filter) await expect(screen.filter.select).toHaveValue(screen.filter.value);
  await expect(page.getByText('Page 2 sur 2')).toBeVisible();
  await expect(screen.rows).toHaveCount(1);
  await shot(page, testInfo, `${screen.name}-page-2-after-reload`);
  await expectNoAxeViolations(page, `${screen.name}, page 2 after a reload`);

  await page.goBack();
  await expect(page.getByText('Page 1 sur 2')).toBeVisible();
  await expect(screen.rows).toHaveCount(10);
  await expect(screen.searchBox).toHaveValue(screen.token);
}

test('Administration keeps its search and page on reload', async ({ page, request, superToken }, testInfo) => {
  const id = unique(testInfo);
  for (let n = 0; n < ROWS; n += 1) {
    await post(request, superToken, '/api/users', {
      firstName: 'Zylo',
      lastName: `${id} ${n}`,
      email: `zylo.${id}.${n}@example.cm`,
      password: PASSWORD,
      permissions: [],
      role: 'admin',
    });
  }
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/administration');
  await reloadKeepsSearchAndPage(page, testInfo, {
    name: 'administration',
    searchBox: page.getByLabel('Rechercher un administrateur'),
    token: id,
    rows: page.locator('button[data-admin-id]:visible'),
  });
});

test('Partners keep their search, type filter and page on reload', async ({ page, request, superToken }, testInfo) => {
  const id = unique(testInfo);
  for (let n = 0; n < ROWS; n += 1) {
    await post(request, superToken, '/api/businesses', {
      name: `Zylo ${id} ${n}`,
      type: 'association',
      email: `zylo-${id}-${n}@e2e.local`,
    });
  }
  await post(request, superToken, '/api/businesses', { name: `Zylo ${id} x`, type: 'business', email: `zylo-${id}-x@e2e.local` });
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/partners');
  await reloadKeepsSearchAndPage(page, testInfo, {
    name: 'partners',
    searchBox: page.getByLabel('Rechercher un partenaire'),
    token: id,
    rows: page.locator('button[data-partner-id]:visible'),
    filter: { select: page.getByLabel('Type', { exact: true }), value: 'association' },
  });
});

test('Events keep their search and page on reload', async ({ page, request, superToken }, testInfo) => {
  const id = unique(testInfo);
  for (let n = 0; n < ROWS; n += 1) {
    await post(request, superToken, '/api/events', {
      title: `Zylo ${id} ${n}`,
      description: 'Zylo zylo zylo.',
      startDateTime: new Date(Date.now() + (48 + n) * 3600_000).toISOString(),
      endDateTime: new Date(Date.now() + (50 + n) * 3600_000).toISOString(),
      location: { address: 'Rue Zylo, Akwa', city: 'Douala' },
      category: 'concert',
    });
  }
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/events');
  await reloadKeepsSearchAndPage(page, testInfo, {
    name: 'events',
    searchBox: page.getByLabel('Rechercher', { exact: true }),
    token: id,
    rows: page.locator('[data-event-id]:visible'),
  });
});

test('a row clicked just as the search pauses stays open, and the search stays', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  const id = unique(testInfo);
  const title = `Zylo ${id} course`;
  await post(request, superToken, '/api/events', {
    title,
    description: 'Zylo zylo zylo.',
    startDateTime: new Date(Date.now() + 48 * 3600_000).toISOString(),
    endDateTime: new Date(Date.now() + 50 * 3600_000).toISOString(),
    location: { address: 'Rue Zylo, Akwa', city: 'Douala' },
    category: 'concert',
  });
  await loginAsSuperadmin(page, request);
  await page.goto(`/admin/events?q=${id}`);
  const row = page.getByRole('button', { name: title, exact: true });
  await expect(row).toBeVisible();
  // A slow phone: its render after the click comes after the search's pause has run out.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const typed = `Zylo ${id}${' course'.slice(0, attempt + 2)}`;
    await page.getByLabel('Rechercher', { exact: true }).fill(typed);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(typed).replace(/%20/g, '\\+')}(&|$)`));
    await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}(&|$)/);
    await expect(page.getByRole('complementary').getByRole('heading', { name: title })).toBeVisible();
    await page.goto(`/admin/events?q=${id}`);
    await expect(row).toBeVisible();
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

let ipCounter = Math.floor(Math.random() * 200);
test('The waiting list keeps its search, status filter and page on reload', async ({ page, request }, testInfo) => {
  const id = unique(testInfo);
  for (let n = 0; n < ROWS; n += 1) {
    ipCounter += 1;
    const response = await request.post('/api/waitlist', {
      data: {
        name: `Zylo ${id} ${n}`,
        phone: `+2376${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        elapsedMs: 5000,
      },
      headers: { 'x-forwarded-for': `10.78.${ipCounter % 250}.${Math.floor(Math.random() * 250)}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await loginAsSuperadmin(page, request);
  await page.goto('/admin/waitlist');
  await reloadKeepsSearchAndPage(page, testInfo, {
    name: 'waitlist',
    searchBox: page.getByLabel('Rechercher', { exact: true }),
    token: id,
    rows: page.locator('[data-entry]:visible'),
    filter: { select: page.getByLabel('Statut', { exact: true }), value: 'pending' },
  });
});
