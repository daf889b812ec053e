import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** Issue 4 and the architecture's speed budgets for `/`. */
const TRANSFER_BUDGET = 150 * 1024;
const JS_GZIP_BUDGET = 90 * 1024;

test('/ stays within its budgets: transfer ≤ 150 KB compressed, JavaScript ≤ 90 KB gzip, no app code', async ({ page }) => {
  const loaded: { url: string; type: string; transfer: number; body: Buffer }[] = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    loaded.push({
      url: request.url(),
      type: request.resourceType(),
      transfer: sizes.responseBodySize + sizes.responseHeadersSize,
      body: await response.body().catch(() => Buffer.alloc(0)),
    });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const transfer = loaded.reduce((sum, item) => sum + item.transfer, 0);
  const scripts = loaded.filter((item) => item.type === 'script' || item.url.endsWith('.js'));
  const jsGzip = scripts.reduce((sum, item) => sum + gzipSync(item.body).length, 0);
  const report = loaded.map(
    (item) => `${item.type.padEnd(10)} ${(item.transfer / 1024).toFixed(1).padStart(6)} KB  ${new URL(item.url).pathname}`,
  );
  test.info().annotations.push({
    type: 'budget',
    description: `transfer ${(transfer / 1024).toFixed(1)} KB, JavaScript ${(jsGzip / 1024).toFixed(1)} KB gzip\n${report.join('\n')}`,
  });
  console.log(`/ transfer ${(transfer / 1024).toFixed(1)} KB, JavaScript ${(jsGzip / 1024).toFixed(1)} KB gzip`);

  expect(scripts.length).toBeGreaterThan(0);
  // The HTML and the text assets go compressed.
  const html = loaded.find((item) => item.type === 'document');
  expect(html?.transfer ?? Infinity).toBeLessThan(html?.body.length ?? 0);
  expect(transfer).toBeLessThanOrEqual(TRANSFER_BUDGET);
  expect(jsGzip).toBeLessThanOrEqual(JS_GZIP_BUDGET);
  // Decision 001: the landing page never downloads the sign-in screen, the router or the back office.
  for (const script of scripts) {
    const text = script.body.toString('utf8');
    expect(text, script.url).not.toContain('createBrowserRouter');
    expect(text, script.url).not.toContain('QueryClient');
  }
});
