import { type APIRequestContext, expect, type TestInfo } from '@playwright/test';
import { ACCENT_COLORS, ACCENT_COLOR_IDS } from '@app/shared/events';
import { signedInAccount } from '../../fixtures/accounts';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { loginAs, superadminToken, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { shotsIn } from '../../fixtures/shots';

/*
 * Issue 28 item 1, decision 056: a premium organiser picks an accent colour, a cover layout and a
 * short address in the event form; the public page at /e/{address} shows them, axe clean in every
 * colour of the palette; a freemium organiser sees what it would do and 'Passer à Premium'.
 */

const shot = shotsIn('customisation', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';
const freshIp = () =>
  `10.${60 + Math.floor(Math.random() * 10)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const randomPhone = () => `+2376${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function organiserWithEvent(request: APIRequestContext, testInfo: TestInfo) {
  const { email, token, id: tag } = await signedInAccount(request, testInfo, 'orga', PASSWORD);
  const title = `Gala des Lions ${tag}`;
  const body = eventBody(title, 72, { description: 'Une soirée de gala au bord du Wouri.' });
  const id = await publishedEvent(request, token, body);
  return { email, token, id, title, tag };
}

/**
 * Premium as an administrator gives it today: a referral reward of premium days. One person joins
 * the waiting list with the organiser's code and is approved; a rule of 30 premium days from one
 * sign-up is made (and switched off after), and the organiser's grant marked granted.
 */
async function givePremium(request: APIRequestContext, organiser: { email: string; token: string; tag: string }) {
  const admin = { authorization: `Bearer ${await superadminToken(request)}` };
  const mine = { authorization: `Bearer ${organiser.token}` };
  const code = ((await (await request.get('/api/referral/me', { headers: mine })).json()) as { referral: { code: string } })
    .referral.code;
  const phone = randomPhone();
  const joined = await request.post('/api/waitlist', {
    data: { name: 'Ami Invité', phone, ref: code },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const found = await request.get(`/api/admin/waitlist?search=${encodeURIComponent(phone)}`, { headers: admin });
  const [entry] = ((await found.json()) as { items: { _id: string }[] }).items;
  expect((await request.post(`/api/admin/waitlist/${entry?._id}/approve`, { headers: admin })).ok()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/referral/me', { headers: mine })).json()) as { referral: { signups: number } }).referral
          .signups,
    )
    .toBeGreaterThanOrEqual(1);
  const ruleName = `Premium personnalisation ${organiser.tag}`;
  const rule = await request.post('/api/referral/reward-rules', {
    headers: admin,
    data: {
      name: ruleName,
      type: 'premium_days',
      description: 'Premium pour le test de personnalisation.',
      criteria: { minSignups: 1, minType: 'any' },
      rewardValue: 30,
      isActive: true,
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const ruleId = (await rule.json())._id as string;
  let grantId: string | undefined;
  await expect
    .poll(async () => {
      const page = await request.get('/api/referral/admin/rewards?status=pending&limit=100', { headers: admin });
      const items = (await page.json()).items as { _id: string; userId: { email: string | null }; ruleId: { _id: string } }[];
      grantId = items.find((grant) => grant.ruleId._id === ruleId && grant.userId.email === organiser.email)?._id;
      return grantId;
    })
    .toBeTruthy();
  const granted = await request.patch(`/api/referral/admin/rewards/${grantId}`, { headers: admin, data: { status: 'granted' } });
  expect(granted.ok(), await granted.text()).toBe(true);
  await request.patch(`/api/referral/reward-rules/${ruleId}`, { headers: admin, data: { isActive: false } });
  const access = await request.get('/api/events/customisation', { headers: mine });
  expect(await access.json()).toEqual({ allowed: true });
}

test('a premium organiser picks a colour, a layout and a short address; /e/{address} shows them, axe clean in every colour', async ({
  page,
  request,
}, testInfo) => {
  const organiser = await organiserWithEvent(request, testInfo);
  await givePremium(request, organiser);
  const address = `gala-${organiser.tag}`;

  await loginAs(page, request, organiser.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${organiser.id}/modifier`);
  await expect(page.getByRole('heading', { name: 'Modifier l’évènement', level: 1 })).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    for (let step = 0; step < 5; step++) await page.getByRole('button', { name: 'Suivant' }).click();
  }
  const section = page.getByRole('group', { name: 'Personnalisation' });
  await expect(section).toBeVisible();
  // Keyboard: the palette is a radio group.
  await section.getByRole('radio', { name: 'Par défaut' }).first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(section.getByRole('radio', { name: 'Bleu' })).toBeChecked();
  await section.getByRole('radio', { name: 'Violet' }).check();
  await section.getByRole('radio', { name: /Bandeau/ }).check();
  await section.getByLabel(/Adresse courte/).fill('Admin');
  await expect(section.getByText('Cette adresse courte est réservée au site : choisissez-en une autre')).toBeVisible();
  await section.getByLabel(/Adresse courte/).fill(address);
  await expect(page.getByTestId('short-url-preview')).toHaveText(new RegExp(`/e/${address}$`));
  await expect(page.getByTestId('short-address-status')).toHaveText('Cette adresse courte est libre');
  await expectNoAxeViolations(page, 'Personnalisation (premium)');
  await shot(page, testInfo, 'form-premium');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/evenements/${organiser.id}$`));

  await page.goto(`/e/${address}`);
  await expect(page.getByRole('heading', { name: organiser.title, level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/e/${address}$`));
  await expect(page.locator('.acc')).toHaveCount(1);
  await expect(page.getByTestId('whatsapp')).toHaveAttribute('href', new RegExp(`%2Fe%2F${address}`));
  await expectNoAxeViolations(page, 'event page, violet');
  await shot(page, testInfo, 'page-violet');

  // Every colour of the palette keeps the page axe clean (with each layout in turn).
  // The page is kept 60 s by browsers (public, max-age=60): read it afresh after each change.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const layouts = ['large', 'banner', 'side'] as const;
  for (const [index, color] of ACCENT_COLOR_IDS.entries()) {
    const layout = layouts[index % layouts.length];
    const saved = await request.put(`/api/events/${organiser.id}`, {
      headers: { authorization: `Bearer ${organiser.token}` },
      data: { accentColor: color, coverLayout: layout },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.goto(`/e/${address}`);
    await expect(page.locator('[data-look]')).toHaveAttribute('data-look', `${color} ${layout}`);
    await expectNoAxeViolations(page, `event page, ${ACCENT_COLORS[color].label}`);
  }
  await shot(page, testInfo, 'page-last-colour');
});

test('a freemium organiser sees what customisation would do and Passer à Premium', async ({ page, request }, testInfo) => {
  const organiser = await organiserWithEvent(request, testInfo);
  await loginAs(page, request, organiser.email, PASSWORD);
  await page.goto(`/mon-compte/evenements/${organiser.id}/modifier`);
  await expect(page.getByRole('heading', { name: 'Modifier l’évènement', level: 1 })).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    for (let step = 0; step < 5; step++) await page.getByRole('button', { name: 'Suivant' }).click();
  }
  const upsell = page.getByTestId('customisation-upsell');
  await expect(upsell).toContainText('Avec Premium, personnalisez la page publique de votre évènement');
  await expect(upsell.getByRole('link', { name: 'Passer à Premium' })).toHaveAttribute('href', '/mon-compte/premium');
  await expect(page.getByRole('radio', { name: 'Bleu' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Personnalisation (freemium)');
  await shot(page, testInfo, 'form-freemium');
  // The API refuses it too.
  const refused = await request.put(`/api/events/${organiser.id}`, {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: { accentColor: 'blue' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('PREMIUM_REQUIRED');
});
