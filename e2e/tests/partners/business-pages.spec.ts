import { type APIRequestContext, expect, type Route, test } from '@playwright/test';
import { exclusive } from '../../fixtures/exclusive';
import { shotsIn } from '../../fixtures/shots';
import { loginAs } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { SUPERADMIN } from '@app/test-utils/server';

const shot = shotsIn('partners');
const PASSWORD = 'Business-Pages-42!';

async function login(request: APIRequestContext, identifier: string, password: string): Promise<string> {
  const response = await request.post('/api/users/login', { data: { identifier, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token as string;
}

test('an admin with manage_business pages through 25 business pages and reloads on page 3', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await exclusive('business-pages', async () => {
    const id = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;
    const email = `business-${id}@e2e.local`;
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${await login(request, SUPERADMIN.email, SUPERADMIN.password)}` },
      data: {
        firstName: 'Blaise',
        lastName: 'Business',
        email,
        password: PASSWORD,
        permissions: ['manage_business'],
        role: 'admin',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const token = await login(request, email, PASSWORD);
    for (let index = 1; index <= 25; index++) {
      const response = await request.post('/api/business-event-pages', {
        headers: { authorization: `Bearer ${token}` },
        data: { name: `Page ${id} ${String(index).padStart(2, '0')}` },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await loginAs(page, request, email, PASSWORD);

    // The first load is slowed down: 'Chargement...' shows until it answers.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/business-event-pages?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/business');
    await expect(page.getByRole('heading', { level: 1, name: 'Pages BusinessEvents' })).toBeVisible();
    await expect(page.getByText('Chargement...')).toBeVisible();
    // Once released, the route lets every later request through.
    release();

    const table = page.getByRole('table', { name: 'Pages BusinessEvents' });
    const status = page.getByRole('navigation', { name: 'Pagination' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Nom',
      'Propriétaire',
      'Abonnement',
      'Nb événements',
      'Statut',
      'Créé le',
      'Actions',
    ]);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    // Newest first: this test's last page is on top.
    await expect(table.locator('tbody tr').first()).toContainText(`Page ${id} 25`);
    await expect(table.locator('tbody tr').first()).toContainText('Gratuit');
    await expect(table.locator('tbody tr').first()).toContainText('Actif');
    const first = (await status.textContent()) ?? '';
    const pages = Number(/Page 1 sur (\d+)/.exec(first)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    await expect(status.getByRole('button', { name: 'Première page' })).toBeDisabled();
    await expect(status.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    await expectNoAxeViolations(page, 'business pages');
    await shot(page, testInfo, 'business-page-1');

    await status.getByRole('button', { name: 'Page suivante' }).click();
    await expect(status).toContainText(/Page 2 sur \d+/);
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(table.locator('tbody tr').first()).toContainText(`Page ${id} 15`);

    await status.getByRole('button', { name: 'Dernière page' }).click();
    await expect(status).toContainText(/Page (\d+) sur \1\b/);
    await expect(status.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    await expect(status.getByRole('button', { name: 'Dernière page' })).toBeDisabled();

    await status.getByRole('button', { name: 'Page précédente' }).click();
    await expect(status).not.toContainText(/Page (\d+) sur \1\b/);

    await status.getByRole('button', { name: 'Première page' }).click();
    await expect(status).toContainText(/Page 1 sur \d+/);
    await expect(page).not.toHaveURL(/[?&]page=/);

    await status.getByRole('button', { name: 'Page suivante' }).click();
    await status.getByRole('button', { name: 'Page suivante' }).click();
    await expect(status).toContainText(/Page 3 sur \d+/);
    await expect(page).toHaveURL(/[?&]page=3\b/);
    await expect(table.locator('tbody tr').first()).toContainText(`Page ${id} 05`);

    // A reload (or a shared link) keeps page 3.
    await page.reload();
    await expect(status).toContainText(/Page 3 sur \d+/);
    await expect(table.locator('tbody tr').first()).toContainText(`Page ${id} 05`);
    await shot(page, testInfo, 'business-page-3-reloaded');

    // Deactivate one page: its status turns Inactif.
    const row = table.locator('tbody tr', { hasText: `Page ${id} 05` });
    await row.getByRole('button', { name: `Désactiver Page ${id} 05` }).click();
    await expect(row).toContainText('Inactif');
    await row.getByRole('button', { name: `Activer Page ${id} 05` }).click();
    await expect(row).toContainText('Actif');

    // A failed load shows the error in red with 'Réessayer', which loads again.
    const failing = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Erreur du serveur', code: 'INTERNAL' }),
      });
    await page.route('**/api/business-event-pages?*', failing);
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Erreur du serveur' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toHaveClass(/text-red-700/);
    await shot(page, testInfo, 'business-error');
    await page.unroute('**/api/business-event-pages?*', failing);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await expect(status).toContainText(/Page 3 sur \d+/);
    await expect(table.locator('tbody tr').first()).toContainText(`Page ${id} 05`);
  });
});
