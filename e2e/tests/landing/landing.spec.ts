import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SUPERADMIN } from '@app/test-utils/server';
import { formsShownEarlier } from '../../fixtures/form-token';

const SUCCESS = 'Merci de votre intérêt ! Vous serez notifié dès que nous serons prêts.';
const FALLBACK = 'Désolé, une erreur est survenue. Veuillez réessayer plus tard.';

let ipSeed = Math.floor(Math.random() * 200);
/** Each test signs up from its own address, so the per-IP limit of the shared server never bites. */
async function ownAddress(page: Page) {
  ipSeed += 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${100 + (ipSeed % 100)}.${(ipSeed * 7) % 250}` });
}

/** A Cameroonian mobile number nobody else in the suite uses. */
function uniquePhone() {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return `6${digits}`;
}

async function findEntry(request: APIRequestContext, search: string) {
  const login = await request.post('/api/users/login', { data: { identifier: SUPERADMIN.email, password: SUPERADMIN.password } });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.get(`/api/admin/waitlist?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return (
    (await answer.json()) as {
      items: { name: string; email: string | null; phone: string; status: string; referralCode: string | null }[];
    }
  ).items[0];
}

async function fillForm(page: Page, values: { name: string; phone: string; email?: string }) {
  const form = page.getByRole('form', { name: 'Inscription sur la liste d’attente' });
  await form.getByLabel('Nom complet').fill(values.name);
  await form.getByLabel('Téléphone').fill(values.phone);
  if (values.email !== undefined) await form.getByLabel('E-mail').fill(values.email);
  return form;
}

test.describe('waiting-list sign-up', () => {
  test.beforeEach(async ({ page }) => {
    await ownAddress(page);
    // The server refuses a form sent faster than a person fills it: the form counts as shown earlier.
    await formsShownEarlier(page);
  });

  test('success: button disabled while sending, success toast, form cleared, entry stored with its referral', async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    await page.goto('/?ref=AMI-e2e');
    // Hold the answer a moment to see the sending state.
    await page.route('**/api/waitlist', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const form = await fillForm(page, { name: 'Aïcha Béyala', phone: `+237 ${phone}`, email: `aicha.${phone}@exemple.cm` });
    await form.getByRole('button', { name: "Je m'inscris" }).click();
    const sending = form.getByRole('button', { name: 'Inscription...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(form.getByRole('button', { name: "Je m'inscris" })).toBeEnabled();
    await expect(form.getByLabel('Nom complet')).toHaveValue('');
    await expect(form.getByLabel('Téléphone')).toHaveValue('');
    await expect(form.getByLabel('E-mail')).toHaveValue('');

    const entry = await findEntry(request, phone);
    expect(entry).toMatchObject({
      name: 'Aïcha Béyala',
      phone: `+237${phone}`,
      email: `aicha.${phone}@exemple.cm`,
      status: 'pending',
      referralCode: 'AMI-e2e',
    });
  });

  test('the same phone twice: told kindly, no second entry', async ({ page }) => {
    const phone = uniquePhone();
    await page.goto('/');
    let form = await fillForm(page, { name: 'Jean Mbarga', phone });
    await form.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    form = await fillForm(page, { name: 'Jean M.', phone: `00237${phone}` });
    await form.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Vous êtes déjà inscrit sur la liste d’attente' })).toBeVisible();
  });

  test('errors: the server message, else the fallback, as an error toast; missing fields named', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Inscription sur la liste d’attente' });
    await form.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(form.getByText('Le nom est requis')).toBeVisible();
    await expect(form.getByText('Numéro de téléphone requis')).toBeVisible();
    await expect(form.getByLabel('Nom complet')).toBeFocused();

    // Passes the light check in the browser; the server's schema refuses it.
    await fillForm(page, { name: 'Paul Essomba', phone: '12345678', email: '' });
    await form.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Numéro de téléphone invalide' })).toBeVisible();
    await expect(form.getByText('Numéro de téléphone invalide')).toBeVisible();
    await expect(form.getByLabel('Nom complet')).toHaveValue('Paul Essomba');

    await page.route('**/api/waitlist', (route) => route.abort('internetdisconnected'));
    await form.getByLabel('Téléphone').fill(uniquePhone());
    await form.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(page.getByRole('alert').filter({ hasText: FALLBACK })).toBeVisible();
    await expect(form.getByRole('button', { name: "Je m'inscris" })).toBeEnabled();
  });
});

test('the claim and the footer contact come from the server, each contact once', async ({ page, request }) => {
  const settings = (await (await request.get('/api/settings/public')).json()) as { contactEmail: string; supportPhone: string };
  const claim = page.getByTestId('claim');
  // Both the page and the count are kept up to 10 s by the server, and other specs sign up at the
  // same time: the page is read again until it shows the count the API gives at that moment.
  await expect(async () => {
    const { count } = (await (await request.get('/api/waitlist/count')).json()) as { count: number };
    await page.goto('/');
    await expect(claim).toHaveText(count > 20 ? `+${count.toLocaleString('fr-FR')} personnes suivent` : '+20 personnes suivent', {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000, intervals: [1000, 2000, 3000] });
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: settings.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${settings.contactEmail}`,
  );
  await expect(footer.getByRole('link', { name: settings.supportPhone })).toBeVisible();
  await expect(page.getByText(settings.contactEmail, { exact: true })).toHaveCount(1);
  await expect(page.getByText(settings.supportPhone, { exact: true })).toHaveCount(1);
  await expect(footer.getByRole('link', { name: 'Conditions d’utilisation' })).toHaveAttribute('href', '/terms');
});

test('FAQ: six questions in two groups, one answer open at a time', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('#faq');
  await expect(faq.getByRole('heading', { level: 3 })).toHaveText(['Le lancement', 'Utiliser l’application']);
  const questions = faq.locator('details');
  await expect(questions).toHaveCount(6);
  const launch = faq.getByText('Quand l’application sera-t-elle disponible ?');
  const age = faq.getByText('Quel âge faut-il avoir pour l’utiliser ?');
  await launch.click();
  // The date is a setting (launch-date.spec.ts checks it follows the settings screen).
  const launchAnswer = faq.getByText(/^(Le lancement est prévu le|L’application est disponible depuis le) /);
  await expect(launchAnswer).toBeVisible();
  await age.click();
  await expect(faq.getByText(/13 ans et plus/)).toBeVisible();
  await expect(launchAnswer).toBeHidden();
  await expect(faq.locator('details[open]')).toHaveCount(1);
  await faq.getByText('L’application est-elle gratuite ?').click();
  await expect(faq.getByText(/la version de base est gratuite/)).toBeVisible();
  await expect(faq.locator('details[open]')).toHaveCount(1);
});

test.describe('testimonials', () => {
  // The page's clock is installed so that five seconds pass at once (runFor) instead of being waited.
  test('seven, rotating every 5 s, a click selects one, hovering pauses', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const block = page.getByTestId('testimonials');
    await expect(block.locator('button[aria-pressed]')).toHaveCount(7);
    const current = block.getByTestId('testimonial-current');
    await expect(block.getByRole('button', { name: 'Aïcha B.' })).toHaveAttribute('aria-pressed', 'true');
    const first = await current.textContent();
    // Keep the pointer away from the block so it rotates.
    await page.mouse.move(0, 0);
    await page.clock.runFor(5100);
    await expect(current).not.toHaveText(first ?? '');
    await expect(block.getByRole('button', { name: 'Thierry F.' })).toHaveAttribute('aria-pressed', 'true');

    await block.getByRole('button', { name: 'Brice K.' }).click();
    await expect(current).toContainText('Brice K., Garoua');
    await expect(block.getByRole('button', { name: 'Brice K.' })).toHaveAttribute('aria-pressed', 'true');
    // Focus stays on the chosen button: the rotation holds.
    await expect(block).toHaveAttribute('data-rotating', 'false');
    await page.clock.runFor(5600);
    await expect(current).toContainText('Brice K., Garoua');
    // Pointer away and focus elsewhere: it rotates again; the pointer over the block holds it.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(block).toHaveAttribute('data-rotating', 'true');
    await block.getByRole('heading', { name: 'Ils attendent le lancement' }).hover();
    await expect(block).toHaveAttribute('data-rotating', 'false');
    const held = await current.textContent();
    await page.clock.runFor(5600);
    await expect(current).toHaveText(held ?? '');
    await page.mouse.move(0, 0);
    await expect(block).toHaveAttribute('data-rotating', 'true');
  });

  test('no rotation under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const block = page.getByTestId('testimonials');
    await page.mouse.move(0, 0);
    await expect(block).toHaveAttribute('data-rotating', 'false');
    await page.clock.runFor(5600);
    await expect(block.getByTestId('testimonial-current')).toContainText('Aïcha B., Douala');
  });
});

test('the header anchors lead to their sections, also from the phone menu', async ({ page, isMobile }) => {
  await page.goto('/');
  for (const [label, id] of [
    ['À propos', 'a-propos'],
    ['Fonctionnalités', 'fonctionnalites'],
    ['FAQ', 'faq'],
    ['Contact', 'contact'],
    ['Accueil', 'accueil'],
  ] as const) {
    if (isMobile) {
      await page.getByText('Menu', { exact: true }).click();
      await page.getByRole('navigation', { name: 'Navigation mobile' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toBeHidden();
    } else {
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: label, exact: true })
        .click();
    }
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
});

test('an unknown path lands on / and shows the landing page', async ({ page }) => {
  await page.goto('/inconnu/chemin?x=1');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Les évènements près de chez vous, au Cameroun');
});

test('/terms shows the conditions of use with their sections', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeVisible();
  for (const title of [
    '1. Objet',
    '2. Comptes',
    '3. Âge minimum',
    '4. Contenus des utilisateurs',
    '5. Données personnelles et leur protection',
    '8. Contact',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByText(/13 ans et plus/)).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ still shows its whole content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Les évènements près de chez vous, au Cameroun');
    await expect(page.getByTestId('claim')).toHaveText(/^\+[\d\s\u202f]+ personnes suivent$/);
    for (const heading of [
      'À propos',
      'Fonctionnalités',
      'Ils attendent le lancement',
      'Rejoignez la liste d’attente',
      'Questions fréquentes',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator('#faq details')).toHaveCount(6);
    await expect(page.getByLabel('Nom complet')).toBeVisible();
    await expect(page.getByRole('button', { name: "Je m'inscris" })).toBeVisible();
    // The form posts as a plain HTML form (decision 027), with a token of the server.
    await expect(page.locator('form[data-waitlist]')).toHaveAttribute('action', '/liste-d-attente');
    await expect(page.locator('form[data-waitlist] input[name="formToken"]')).toHaveAttribute('value', /^[0-9a-z]+\.[\w-]{32}$/);
    await expect(page.locator('footer').getByRole('link', { name: 'Conditions d’utilisation' })).toBeVisible();
    // Exclusive <details> keep one answer open without script too.
    await page.getByText('Quand l’application sera-t-elle disponible ?').click();
    await expect(page.getByText(/^(Le lancement est prévu le|L’application est disponible depuis le) /)).toBeVisible();
  });
});
