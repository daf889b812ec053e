import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SUPERADMIN } from '@app/test-utils/server';

/** The speed budgets of the public pages (decisions 001 and 011): without images. */
const TRANSFER_BUDGET = 60 * 1024;
const JS_GZIP_BUDGET = 15 * 1024;

async function eventPage(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/users/login', { data: { identifier: SUPERADMIN.email, password: SUPERADMIN.password } });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: 'Budget : concert au bord du Wouri',
      description: 'Une soirée pour mesurer la page.',
      startDateTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      endDateTime: new Date(Date.now() + 5 * 86_400_000 + 3 * 3600_000).toISOString(),
      location: { address: 'Quai du Wouri', city: 'Douala' },
      category: 'concert',
      ticketTypes: [{ name: 'Standard', price: 2000, quantity: 100 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).event as { _id: string; publicPath: string };
  expect((await request.put(`/api/events/${event._id}/publish`, { headers })).ok()).toBe(true);
  return event.publicPath;
}

async function measure(page: Page, url: string) {
  const loaded: { url: string; type: string; transfer: number; body: Buffer }[] = [];
  const onFinished = async (request: import('@playwright/test').Request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    loaded.push({
      url: request.url(),
      type: request.resourceType(),
      transfer: sizes.responseBodySize + sizes.responseHeadersSize,
      body: await response.body().catch(() => Buffer.alloc(0)),
    });
  };
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  page.off('requestfinished', onFinished);
  const withoutImages = loaded.filter((item) => item.type !== 'image');
  const transfer = withoutImages.reduce((sum, item) => sum + item.transfer, 0);
  const scripts = loaded.filter((item) => item.type === 'script' || item.url.endsWith('.js'));
  const jsGzip = scripts.reduce((sum, item) => sum + gzipSync(item.body).length, 0);
  const report = loaded.map(
    (item) => `${item.type.padEnd(10)} ${(item.transfer / 1024).toFixed(1).padStart(6)} KB  ${new URL(item.url).pathname}`,
  );
  test.info().annotations.push({
    type: 'budget',
    description: `${url}: transfer without images ${(transfer / 1024).toFixed(1)} KB, JavaScript ${(jsGzip / 1024).toFixed(1)} KB gzip\n${report.join('\n')}`,
  });
  console.log(
    `${url} transfer without images ${(transfer / 1024).toFixed(1)} KB, JavaScript ${(jsGzip / 1024).toFixed(1)} KB gzip`,
  );
  return { loaded, transfer, scripts, jsGzip };
}

test('the public pages stay within their budgets: ≤ 60 KB without images, JavaScript ≤ 15 KB gzip, no React', async ({
  page,
  request,
}) => {
  for (const url of ['/', '/evenements', await eventPage(request)]) {
    const { loaded, transfer, scripts, jsGzip } = await measure(page, url);
    // The HTML goes compressed.
    const html = loaded.find((item) => item.type === 'document');
    expect(html?.transfer ?? Infinity, url).toBeLessThan(html?.body.length ?? 0);
    expect(transfer, url).toBeLessThanOrEqual(TRANSFER_BUDGET);
    expect(jsGzip, url).toBeLessThanOrEqual(JS_GZIP_BUDGET);
    // Decision 011: HTML and CSS first, small islands; never React, the router or the back office.
    for (const script of scripts) {
      const text = script.body.toString('utf8');
      expect(text, script.url).not.toContain('createBrowserRouter');
      expect(text, script.url).not.toContain('QueryClient');
      expect(text, script.url).not.toContain('react.element');
      expect(text, script.url).not.toContain('__reactFiber');
    }
  }
  // The landing page's islands are there (the form needs them).
  const { scripts } = await measure(page, '/');
  expect(scripts.length).toBeGreaterThan(0);
});
