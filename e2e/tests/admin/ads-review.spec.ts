import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { SPONSORED_LABEL } from '@app/shared/ads';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { paidCampaign } from '../../fixtures/campaigns';
import { shotsIn } from '../../fixtures/shots';

/*
 * 'Publicités' (issue 30): an organiser's campaigns, paid on the MTN emulator, wait for the team;
 * an administrator holding only manage_ads sees them, opens one (the 'Sponsorisé' preview, the
 * advertiser, the payment), approves it, and refuses another with a reason (refunded).
 */

const shot = shotsIn('ads-review', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${randomInt(0, 1000)}`;
}

/** On a phone the sidebar is a drawer behind the menu button. */
async function openNav(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: /Ouvrir le menu|Open the menu/ }).click();
  }
  return page.getByRole('navigation', { name: /Navigation du back-office|Back-office navigation/ });
}

/** A new administrator holding only manage_ads, 'Paul Réclame', signed in on `page`. */
async function signInAsAdsManager(page: Page, request: APIRequestContext, superToken: string, testInfo: TestInfo) {
  const email = `ads-${unique(testInfo)}@e2e.local`;
  const password = 'Publicites-42!';
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${superToken}` },
    data: { firstName: 'Paul', lastName: 'Réclame', email, password, permissions: ['manage_ads'], role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await loginAs(page, request, email, password);
}

test('an admin holding only manage_ads approves a pending campaign and refuses another with a reason', async ({
  page,
  context,
  request,
  superToken,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = unique(testInfo);
  const advertiser = await signedInAccount(request, testInfo, 'pub', PASSWORD);
  const approved = `Festival Sponsorisé ${tag}`;
  const refused = `Soirée Refusée ${tag}`;
  const first = await paidCampaign(request, context, advertiser.token, approved);
  const second = await paidCampaign(request, context, advertiser.token, refused);

  await signInAsAdsManager(page, request, superToken, testInfo);
  await page.goto('/admin');
  const nav = await openNav(page);
  await expect(nav.getByRole('link')).toHaveText([/Accueil$/, /Publicités$/]);
  await nav.getByRole('link', { name: 'Publicités', exact: true }).click();

  // The review queue first: 'En attente de validation' is the default status.
  await expect(page.getByRole('heading', { level: 1, name: 'Publicités' })).toBeVisible();
  await expect(page.getByLabel('Statut')).toHaveValue('pending_review');
  await page.getByLabel('Emplacement').selectOption('agenda');
  await page.getByLabel('Ville').selectOption('douala');
  await expect(page).toHaveURL(/placement=agenda/);
  await expect(page).toHaveURL(/city=douala/);
  const openFirst = page.getByRole('button', { name: `Voir la campagne « ${approved} »` }).locator('visible=true');
  await expect(openFirst).toBeVisible();
  await expect(page.getByRole('button', { name: `Voir la campagne « ${refused} »` }).locator('visible=true')).toBeVisible();
  const firstRow = page.locator(isPhone(page) ? 'li' : 'tr').filter({ has: openFirst });
  await expect(firstRow).toContainText('En attente de validation');
  await expect(firstRow).toContainText(`Ngo ${advertiser.lastName}`);
  await expect(firstRow).toContainText('En tête de l’agenda');
  await expect(firstRow).toContainText('Douala');
  await expect(firstRow).toContainText(/\d+\u00a0FCFA/);
  await shot(page, testInfo, 'list');
  await expectNoAxeViolations(page, 'ads list');

  // A period that ends before it starts is said, and a period with no campaign lists none.
  await page.getByLabel('Période du').fill('2099-06-10');
  await page.getByLabel('au', { exact: true }).fill('2099-06-01');
  await expect(page.getByText('La fin de la période doit être après son début')).toBeVisible();
  await page.getByLabel('au', { exact: true }).fill('2099-06-20');
  await expect(page).toHaveURL(/from=2099-06-10/);
  await expect(page.getByText('Aucune campagne')).toBeVisible();
  await page.getByLabel('Période du').fill('');
  await page.getByLabel('au', { exact: true }).fill('');
  await expect(openFirst).toBeVisible();

  // The campaign: its facts, its advertiser, its payment and how it will show.
  await openFirst.click();
  await expect(page).toHaveURL(new RegExp(`id=${first.id}`));
  const detail = page.locator('section[aria-labelledby="campaign-detail-title"]');
  await expect(detail.getByRole('heading', { level: 2, name: approved })).toBeFocused();
  await expect(detail).toContainText(`Ngo ${advertiser.lastName}`);
  await expect(detail).toContainText(advertiser.email);
  await expect(detail).toContainText(first.reference);
  await expect(detail).toContainText('Réussi');
  await expect(detail).toContainText('2 jour(s)');
  const preview = detail.getByTestId('campaign-preview');
  await expect(preview.getByText(SPONSORED_LABEL, { exact: true })).toBeVisible();
  await expect(preview).toContainText(approved);
  await expect(preview).toContainText('Douala');
  await expect(detail.getByText('Aucune impression pour l’instant')).toBeVisible();
  await shot(page, testInfo, 'detail');
  await expectNoAxeViolations(page, 'ads detail');

  // 'Approuver': the toast, then the campaign runs (it starts today).
  await detail.getByRole('button', { name: 'Approuver' }).click();
  await expect(page.getByText('Campagne validée')).toBeVisible();
  await expect(detail.getByText(/^(Programmée|En cours)$/)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Suspendre' })).toBeVisible();
  await shot(page, testInfo, 'approved');

  // Back to the queue: the approved one has left it, the focus is on the list's filters.
  await detail.getByRole('button', { name: 'Retour à la liste' }).click();
  await expect(page.getByLabel('Statut')).toBeFocused();
  await expect(page.getByRole('button', { name: `Voir la campagne « ${approved} »` })).toHaveCount(0);
  // 'Tous': it is there, running.
  await page.getByLabel('Statut').selectOption('all');
  await expect(page).toHaveURL(/phase=all/);
  const approvedRow = page
    .locator(isPhone(page) ? 'li' : 'tr')
    .filter({ has: page.getByRole('button', { name: `Voir la campagne « ${approved} »` }).locator('visible=true') });
  await expect(approvedRow).toContainText(/Programmée|En cours/);

  // 'Refuser': the reason is required; the advertiser is refunded and told.
  await page
    .getByRole('button', { name: `Voir la campagne « ${refused} »` })
    .locator('visible=true')
    .click();
  await expect(detail.getByRole('heading', { level: 2, name: refused })).toBeVisible();
  await detail.getByRole('button', { name: 'Refuser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refuser cette campagne' });
  await expect(dialog).toContainText('remboursé à l’annonceur, qui est prévenu avec le motif');
  await dialog.getByRole('button', { name: 'Refuser et rembourser' }).click();
  await expect(dialog.getByText('Indiquez le motif')).toBeVisible();
  await expect(dialog.getByLabel('Motif du refus')).toBeFocused();
  await shot(page, testInfo, 'refuse-dialog', { fullPage: false });
  await expectNoAxeViolations(page, 'refuse dialog');
  const reason = 'Le visuel ne respecte pas nos règles de publicité.';
  await dialog.getByLabel('Motif du refus').fill(reason);
  await dialog.getByRole('button', { name: 'Refuser et rembourser' }).click();
  await expect(page.getByText('Campagne refusée et remboursée')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('Refusée', { exact: true })).toBeVisible();
  await expect(detail.getByTestId('campaign-reason')).toHaveText(reason);
  await expect(detail).toContainText('Remboursé');
  await expect(detail.getByRole('button', { name: 'Refuser' })).toHaveCount(0);
  await shot(page, testInfo, 'refused');
  await expectNoAxeViolations(page, 'refused campaign');

  // Its status in the list too.
  await detail.getByRole('button', { name: 'Retour à la liste' }).click();
  const refusedRow = page
    .locator(isPhone(page) ? 'li' : 'tr')
    .filter({ has: page.getByRole('button', { name: `Voir la campagne « ${refused} »` }).locator('visible=true') });
  await expect(refusedRow).toContainText('Refusée');
  await expect(page.getByRole('button', { name: `Voir la campagne « ${refused} »` }).locator('visible=true')).toBeFocused();
  expect(second.id).not.toBe(first.id);
});

function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}
