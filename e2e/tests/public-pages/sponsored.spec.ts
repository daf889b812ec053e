import { randomInt } from 'node:crypto';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { SPONSORED_LABEL } from '@app/shared/ads';
import { doualaDate } from '@app/shared/douala-time';
import { signedInAccount } from '../../fixtures/accounts';
import { loginAs, test } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { paidCampaign } from '../../fixtures/campaigns';
import { eventBody, publishedEvent } from '../../fixtures/events';
import { shotsIn } from '../../fixtures/shots';

/*
 * 'Publicités' on the public pages (issue 30, decision 068): an approved campaign for Douala shows
 * its event marked 'Sponsorisé' on Douala's agenda and not on Yaoundé's; the card seen and
 * followed counts one impression and one click, which the advertiser reads the next day.
 */

const shot = shotsIn('sponsored', { noSidewaysScroll: true });
const PASSWORD = 'Mango-Tree-2025';

const tagOf = (testInfo: TestInfo) => `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${randomInt(0, 1000)}`;

let visit = 0;

/**
 * The promoted card of `title` on the agenda of `city`: the page is read again until it shows
 * (the promoted cards take turns; an unknown parameter gets past the browser's 60 s cache).
 */
async function sponsoredCard(page: Page, city: string, title: string) {
  const card = page.locator('li[data-ad]').filter({ hasText: title });
  await expect
    .poll(
      async () => {
        visit += 1;
        await page.goto(`/evenements?city=${city}&visite=${visit}`);
        return card.count();
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(1);
  return card;
}

test('an approved Douala campaign shows « Sponsorisé » in Douala only, and counts what was seen and followed', async ({
  page,
  context,
  request,
  superToken,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = tagOf(testInfo);
  const advertiser = await signedInAccount(request, testInfo, 'spons', PASSWORD);
  // Douala's agenda has room for a promoted card: four of its own events at least.
  for (let index = 0; index < 4; index += 1) {
    await publishedEvent(request, advertiser.token, eventBody(`Soirée Akwa ${tag} ${index}`, 48 + index));
  }
  await publishedEvent(
    request,
    advertiser.token,
    eventBody(`Marché Mokolo ${tag}`, 50, { location: { address: 'Mokolo', city: 'Yaoundé' } }),
  );
  const title = `Festival du Wouri ${tag}`;
  const campaign = await paidCampaign(request, context, advertiser.token, title);
  const approved = await request.post(`/api/admin/campaigns/${campaign.id}/approve`, {
    headers: { authorization: `Bearer ${superToken}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const card = await sponsoredCard(page, 'douala', title);
  await expect(card.getByText(SPONSORED_LABEL, { exact: true })).toBeVisible();
  // Shown once on the screen: not also among the ordinary cards.
  await expect(page.locator('li.card').filter({ hasText: title })).toHaveCount(1);
  await shot(page, testInfo, 'agenda-douala');
  await expectNoAxeViolations(page, 'agenda with a promoted event');

  await page.goto('/evenements?city=yaounde');
  await expect(page.getByRole('heading', { level: 2, name: `Marché Mokolo ${tag}` })).toBeVisible();
  await expect(page.locator('li.card').filter({ hasText: title })).toHaveCount(0);

  // Seen (half in view for a second), then followed: one impression and one click.
  const counted = async () => {
    const response = await request.get(`/api/campaigns/${campaign.id}`, {
      headers: { authorization: `Bearer ${advertiser.token}` },
    });
    const { campaign: stats } = (await response.json()) as { campaign: { impressions: number; clicks: number } };
    return [stats.impressions, stats.clicks];
  };
  const douala = await sponsoredCard(page, 'douala', title);
  await douala.scrollIntoViewIfNeeded();
  await expect.poll(counted, { timeout: 15_000 }).toEqual([1, 0]);
  await douala.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(counted).toEqual([1, 1]);

  // The next day (the page's clock moved a day on), the advertiser reads yesterday's figures.
  const today = doualaDate(Date.now());
  await page.clock.setFixedTime(new Date(Date.now() + 86_400_000));
  await loginAs(page, request, advertiser.email, PASSWORD);
  await page.goto(`/mon-compte/publicites/${campaign.id}`);
  const yesterday = page.locator(`tr[data-day="${today}"]`);
  await expect(yesterday.getByRole('cell')).toHaveText([/\S/, '1', '1', /100\s?%/]);
  await expect(page.getByTestId('campaign-totals').getByRole('cell')).toHaveText(['1', '1', /100\s?%/]);
  await shot(page, testInfo, 'campaign-next-day');
  await expectNoAxeViolations(page, 'the campaign’s figures');
});
