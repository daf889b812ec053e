import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { formsShownEarlier } from '../../fixtures/form-token';
import { shotsIn } from '../../fixtures/shots';

// No sideways-scroll check here: it runs a script, which this page has not (the axe page checks the same HTML).
const shot = shotsIn('/tmp/shots-without-javascript');
const SUCCESS = 'Merci de votre intérêt ! Vous serez notifié dès que nous serons prêts.';
const ALREADY =
  'Vous êtes déjà inscrit sur la liste d’attente. Merci de votre intérêt, nous vous préviendrons dès que nous serons prêts !';

let ipSeed = Math.floor(Math.random() * 200);
/** Each test posts from its own address, so the per-address limits of the shared server never bite. */
async function ownAddress(page: Page) {
  ipSeed += 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${(ipSeed * 3) % 250}.${(ipSeed * 11) % 250}` });
}

function uniquePhone(): string {
  return `69${`${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-7)}`;
}

/** axe reads the page through a script: run it in a page with JavaScript, on the same HTML. */
async function axeOn(page: Page, html: string, name: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined });
  const checker = await context.newPage();
  await checker.setContent(html);
  const overflow = await checker.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(checker, name);
  await context.close();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => {
    await ownAddress(page);
    // The server refuses a form sent faster than a person fills it: the form counts as shown earlier.
    await formsShownEarlier(page);
  });

  test('the waiting-list form posts as HTML: field errors with what was typed, then success, then « already registered »', async ({
    page,
  }, testInfo) => {
    const phone = uniquePhone();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Inscription sur la liste d’attente' });
    await form.getByLabel('Nom complet').fill('Nomo Test');
    await form.getByLabel('Téléphone').fill(phone);
    await form.getByLabel('E-mail').fill('pas-un-email');
    await form.getByRole('button', { name: "Je m'inscris" }).click();

    await expect(page).toHaveURL(/\/liste-d-attente$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rejoignez la liste d’attente' })).toBeVisible();
    const again = page.getByRole('form', { name: 'Inscription sur la liste d’attente' });
    await expect(again.getByLabel('E-mail')).toHaveValue('pas-un-email');
    await expect(again.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#waitlist-email-error')).toHaveText('Adresse e-mail invalide');
    await expect(again.getByLabel('Nom complet')).toHaveValue('Nomo Test');
    await expect(again.getByLabel('Téléphone')).toHaveValue(phone);
    await expect(page.getByRole('alert')).toHaveText('Adresse e-mail invalide');
    await shot(page, testInfo, 'waitlist-error');
    await axeOn(page, await page.content(), 'waiting-list page with errors');

    await again.getByLabel('E-mail').fill('');
    await again.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(page.getByRole('status')).toHaveText(SUCCESS);
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    await shot(page, testInfo, 'waitlist-success');
    await axeOn(page, await page.content(), 'waiting-list page after a sign-up');

    // The same phone again, from the landing page: told, as the island tells it.
    await page.goto('/');
    await form.getByLabel('Nom complet').fill('Nomo Test');
    await form.getByLabel('Téléphone').fill(phone);
    await form.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(page.getByRole('status')).toHaveText(ALREADY);
  });

  test('/terms shows the conditions of use, rendered by the server', async ({ page }, testInfo) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeVisible();
    for (const title of ['1. Objet', '3. Âge minimum', '5. Données personnelles et leur protection', '8. Contact']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByText(/13 ans et plus/)).toBeVisible();
    await page.getByRole('navigation', { name: 'Sommaire' }).getByRole('link', { name: '8. Contact' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await shot(page, testInfo, 'terms');
    await axeOn(page, await page.content(), '/terms');
  });
});
