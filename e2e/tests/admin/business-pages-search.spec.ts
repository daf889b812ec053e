import { type APIRequestContext, expect, type TestInfo } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAsSuperadmin, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { exclusive } from '../../fixtures/exclusive';
import { shotsIn } from '../../fixtures/shots';

/**
 * 'Pages BusinessEvents' (issue 25 item 13, decision 030): the search finds an owner's pages by its
 * phone as the lists show it, the detail panel shows the owner, the subscription, the events and
 * the status history, and the search, the page and the open page stay in the URL. Names are not
 * French words, since the English walk reads the admin lists.
 */
const shot = shotsIn('/tmp/shots-business-pages-search', { noSidewaysScroll: true });
const PASSWORD = 'Zephyr-Passw0rd-42!';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function api(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data?: object) {
  const response = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('an owner’s pages are found by its phone as shown, and a page opens with its owner, events and status history', async ({
  page,
  request,
  superToken,
}, testInfo) => {
  test.setTimeout(150_000);
  const id = unique(testInfo);
  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const phone = `+2376${digits}`;
  // As every list shows it: '+237 6 12 34 56 78'.
  const shown = `+237 6 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)}`;
  const email = `zephyr.${id}@example.cm`;
  await registerVerified(request, {
    username: `zephyr_${id}`,
    email,
    phone,
    password: PASSWORD,
    firstName: 'Zephyr',
    lastName: `Test ${id}`,
  });
  const login = await request.post('/api/users/login', { data: { identifier: email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const ownerToken = (await login.json()).token as string;

  await exclusive('business-pages', async () => {
    const nimbus = (await api(request, ownerToken, 'post', '/api/business-event-pages', { name: `Nimbus Deck ${id}` })).page._id;
    await api(request, ownerToken, 'post', '/api/business-event-pages', { name: `Quasar Hub ${id}` });
    const event = await api(request, ownerToken, 'post', '/api/events', {
      title: `Vortex Jam ${id}`,
      description: 'Live jazz night with friends.',
      startDateTime: new Date(Date.now() + 96 * 3600_000).toISOString(),
      endDateTime: new Date(Date.now() + 100 * 3600_000).toISOString(),
      location: { address: 'Rue 1, Akwa', city: 'Douala' },
      category: 'concert',
    });
    await api(request, ownerToken, 'post', `/api/business-event-pages/${nimbus}/events`, { eventId: event.event._id });
    await api(request, superToken, 'put', `/api/business-event-pages/${nimbus}/deactivate`);
  });

  await loginAsSuperadmin(page, request);
  await page.goto('/admin/business');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages BusinessEvents' })).toBeVisible();
  await page.getByLabel('Rechercher une page').fill(shown);
  const table = page.getByRole('table', { name: 'Pages BusinessEvents' });
  await expect(page).toHaveURL(/[?&]q=%2B237/);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').first()).toContainText(`Quasar Hub ${id}`);
  await expect(table.locator('tbody tr').nth(1)).toContainText(`Nimbus Deck ${id}`);
  await expect(table.locator('tbody tr').nth(1)).toContainText('Inactif');
  await expectNoAxeViolations(page, 'business pages search');
  await shot(page, testInfo, 'search');

  // The same search written otherwise finds the same pages; a reload keeps it.
  await page.getByLabel('Rechercher une page').fill(`00237 6${digits}`);
  await expect(page).toHaveURL(/[?&]q=00237/);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel('Rechercher une page')).toHaveValue(`00237 6${digits}`);
  await expect(table.locator('tbody tr')).toHaveCount(2);

  await table.getByRole('button', { name: `Nimbus Deck ${id}`, exact: true }).click();
  await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
  const panel = page.locator('section[aria-labelledby="business-page-detail-title"]');
  await expect(panel.getByRole('heading', { level: 2, name: `Nimbus Deck ${id}` })).toBeVisible();
  await expect(panel.getByText('Inactif', { exact: true })).toBeVisible();
  await expect(panel.getByText('Gratuit', { exact: true })).toBeVisible();
  const owner = panel.locator('section[aria-labelledby="business-page-owner"]');
  await expect(owner).toContainText(`Zephyr Test ${id}`);
  await expect(owner).toContainText(`@zephyr_${id}`);
  await expect(owner).toContainText(email);
  await expect(owner).toContainText(shown);
  const events = panel.locator('section[aria-labelledby="business-page-events"]');
  await expect(events.getByRole('heading')).toHaveText('Événements (1)');
  await expect(events).toContainText(`Vortex Jam ${id}`);
  await expect(events).toContainText('Brouillon');
  const history = panel.locator('[data-history]');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('Page désactivée');
  await expect(history.first()).toContainText('par Super Admin');
  await expect(history.nth(1)).toContainText('Page créée');
  await expect(history.nth(1)).toContainText(`par Zephyr Test ${id}`);
  await expectNoAxeViolations(page, 'business page detail');
  await shot(page, testInfo, 'detail');

  // Activated from the panel: the history grows at once.
  await panel.getByRole('button', { name: 'Activer', exact: true }).click();
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText('Page activée');
  await expect(panel.getByText('Actif', { exact: true })).toBeVisible();

  // A reload keeps the panel; 'Retour à la liste' goes back to the search as it was.
  await page.reload();
  await expect(panel.getByRole('heading', { level: 2, name: `Nimbus Deck ${id}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Retour à la liste' }).click();
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(page.getByLabel('Rechercher une page')).toHaveValue(`00237 6${digits}`);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.getByRole('button', { name: `Nimbus Deck ${id}`, exact: true })).toBeFocused();

  // A search that matches nothing says so.
  await page.getByLabel('Rechercher une page').fill(`nothing-${id}`);
  await expect(page.getByText('Aucune page trouvée')).toBeVisible();
});
