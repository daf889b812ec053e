import { expect, test } from '@playwright/test';

test('the landing page answers at /', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Évènements/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/nulle-part/ici');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page).toHaveURL(/\/$/);
});

test('/api/health answers 200', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
});
