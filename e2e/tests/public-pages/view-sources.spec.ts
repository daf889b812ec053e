import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { superadminToken } from '../../fixtures/auth';

/*
 * An event page counts its own view and where it came from (decision 040): a link shared on
 * WhatsApp (`?src=whatsapp`) shows under WhatsApp in the organiser's statistics, and the page's
 * own WhatsApp button shares such a link.
 */
test('opening a page from a WhatsApp link counts a view from WhatsApp, and the page shares links that say so', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const start = new Date(Date.now() + 5 * 86_400_000);
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: `Bal de la Saint-Sylvestre ${randomBytes(2).toString('hex')}`,
      description: 'Danse jusqu’au matin.',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 6 * 3600_000).toISOString(),
      location: { address: 'Hôtel de ville', city: 'Bafoussam' },
      category: 'festival',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = await created.json();
  expect((await request.put(`/api/events/${event._id}/publish`, { headers })).ok()).toBe(true);

  const viewed = page.waitForResponse((response) => response.url().includes(`/api/events/${event._id}/views`));
  await page.goto(`${event.publicPath}?src=whatsapp`);
  const answer = await viewed;
  expect(answer.request().method()).toBe('POST');
  expect(new URL(answer.url()).searchParams.get('src')).toBe('whatsapp');
  expect(answer.status()).toBe(200);
  expect((await answer.json()).counted).toBe(true);

  const stats = await (await request.get(`/api/events/${event._id}/stats`, { headers })).json();
  expect(stats.totals.views).toBe(1);
  expect(stats.sources.whatsapp).toBe(1);

  const share = page.getByTestId('whatsapp');
  const text = new URL((await share.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
  expect(text).toContain(`${event.publicPath}?src=whatsapp`);
});
