import { type APIRequestContext, expect, test, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { superadminToken } from '../../fixtures/auth';
import { shotsIn } from '../../fixtures/shots';

const shot = shotsIn('/tmp/shots-landing-events', { noSidewaysScroll: true });

/** A published public event starting `startInMs` from now (titles are no French words: the English walk reads the admin lists). */
async function publishedEvent(
  request: APIRequestContext,
  title: string,
  startInMs: number,
  extra: { isHighlighted?: boolean } = {},
): Promise<{ _id: string; publicPath: string }> {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const start = Date.now() + startInMs;
  const created = await request.post('/api/events', {
    headers,
    data: {
      title,
      description: 'Makossa, bikutsi and more.',
      startDateTime: new Date(start).toISOString(),
      endDateTime: new Date(start + 3 * 3600_000).toISOString(),
      location: { address: 'Akwa', city: 'Douala' },
      category: 'concert',
      ...extra,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).event as { _id: string; publicPath: string };
  expect((await request.put(`/api/events/${event._id}/publish`, { headers })).ok()).toBe(true);
  return event;
}

function tagOf(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the landing page's next events (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
    test.use({ javaScriptEnabled });

    test('lists the next public events, highlighted ones first, each a link to its page; the hero invents no event', async ({
      page,
      request,
    }, testInfo) => {
      const tag = tagOf(testInfo);
      // Not highlighted and starting within minutes: before nearly every other event, after the highlighted ones.
      const soon = await publishedEvent(request, `Bikutsi Jam ${tag}`, 5 * 60_000);
      const starred = await publishedEvent(request, `Makossa Night ${tag}`, 20 * 86_400_000, { isHighlighted: true });

      // Published a moment ago: the cached landing page was refreshed by the publication.
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Prochains évènements' });
      const cards = section.getByRole('listitem');
      await expect(section.getByRole('link', { name: `Makossa Night ${tag}` })).toHaveAttribute('href', starred.publicPath);
      await expect(section.getByRole('link', { name: `Bikutsi Jam ${tag}` })).toHaveAttribute('href', soon.publicPath);
      const texts = await cards.allTextContents();
      expect(texts.length).toBeGreaterThanOrEqual(2);
      expect(texts.length).toBeLessThanOrEqual(6);
      // Every « À la une » card comes before every other card.
      const starredCount = texts.filter((text) => text.startsWith('À la une')).length;
      expect(texts.slice(0, starredCount).every((text) => text.startsWith('À la une'))).toBe(true);
      const starredIndex = texts.findIndex((text) => text.includes(`Makossa Night ${tag}`));
      const soonIndex = texts.findIndex((text) => text.includes(`Bikutsi Jam ${tag}`));
      expect(starredIndex).toBeLessThan(starredCount);
      expect(soonIndex).toBeGreaterThanOrEqual(starredCount);

      // The hero's drawing has no title, place or date (no invented event), and is hidden from assistive technology.
      const drawing = page.getByTestId('hero-drawing');
      await expect(drawing).toHaveAttribute('aria-hidden', 'true');
      expect((await drawing.textContent())?.trim()).toBe('');
      if (testInfo.project.name === 'desktop') await expect(drawing).toBeVisible();

      if (javaScriptEnabled) {
        await expectNoAxeViolations(page, 'landing with its next events');
        await shot(page, testInfo, 'landing');
        await section.scrollIntoViewIfNeeded();
        await shot(page, testInfo, 'next-events', { fullPage: false });
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, testInfo, 'hero', { fullPage: false });
      }

      // Cancelled: gone from the landing page at the next visit.
      const headers = { authorization: `Bearer ${await superadminToken(request)}` };
      expect((await request.put(`/api/events/${starred._id}/cancel`, { headers })).ok()).toBe(true);
      await page.goto('/');
      await expect(section.getByRole('link', { name: `Bikutsi Jam ${tag}` })).toBeVisible();
      await expect(section.getByRole('link', { name: `Makossa Night ${tag}` })).toHaveCount(0);
    });
  });
}
