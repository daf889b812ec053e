import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { superadminToken } from '../../fixtures/auth';
import { shotsIn } from '../../fixtures/shots';

const shot = shotsIn('/tmp/shots-agenda-filters', { noSidewaysScroll: true });

/** A city name longer than the screen is wide: its option must not widen the filters past it. */
const LONG_CITY = 'Mbankomo-Nkolbisson-Ngoulmekong-Ekoumdoum';

test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const start = Date.now() + 30 * 86_400_000;
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: `Long City Jam ${Date.now().toString(36)}`,
      description: 'Makossa and bikutsi.',
      startDateTime: new Date(start).toISOString(),
      endDateTime: new Date(start + 3 * 3600_000).toISOString(),
      location: { address: 'Carrefour', city: LONG_CITY },
      category: 'concert',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id } = (await created.json()).event as { _id: string };
  expect((await request.put(`/api/events/${_id}/publish`, { headers })).ok()).toBe(true);
});

/**
 * The selects whose chosen option does not show whole: the text's width (measured in the select's
 * font), its padding and the arrow (about 24 px) must fit in the select.
 */
async function clippedSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) return ['no canvas'];
    return Array.from(document.querySelectorAll<HTMLSelectElement>('form[role="search"] select')).flatMap((select) => {
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      const needed = canvas.measureText(text).width + Number.parseFloat(style.paddingLeft) + 24;
      return needed > select.clientWidth
        ? [`${select.id}: « ${text} » needs ${Math.ceil(needed)} px, has ${select.clientWidth}`]
        : [];
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the agenda's filters (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
    test.use({ javaScriptEnabled });

    test('every filter fits the screen, and a search without result says nothing matches', async ({ page }, testInfo) => {
      await page.goto('/evenements');
      const form = page.getByRole('search', { name: 'Filtrer les évènements' });
      const box = await form.boundingBox();
      if (!box) throw new Error('no filter form');
      const width = page.viewportSize()?.width ?? 0;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Each field, the category select with « Toutes les catégories » included, ends inside the form.
      for (const label of ['Rechercher', 'Ville', 'Catégorie', 'Date']) {
        const field = form.getByLabel(label);
        const fieldBox = await field.boundingBox();
        if (!fieldBox) throw new Error(`no field ${label}`);
        expect(fieldBox.x + fieldBox.width, label).toBeLessThanOrEqual(box.x + box.width);
        expect(fieldBox.x, label).toBeGreaterThanOrEqual(box.x);
      }
      await expect(form.getByLabel('Catégorie')).toHaveValue('all');
      await expect(form.getByLabel('Ville').locator('option', { hasText: LONG_CITY })).toHaveCount(1);
      expect(await clippedSelects(page)).toEqual([]);
      // Between phone and desktop widths too (a tablet, a phone held sideways).
      const size = page.viewportSize();
      if (size) {
        for (const width of [640, 768, 1024]) {
          await page.setViewportSize({ width, height: size.height });
          expect(await clippedSelects(page), `at ${width} px`).toEqual([]);
        }
        await page.setViewportSize(size);
      }
      await shot(page, testInfo, `agenda${javaScriptEnabled ? '' : '-nojs'}`, { fullPage: false });
      if (javaScriptEnabled) await expectNoAxeViolations(page, 'agenda');

      await form.getByLabel('Rechercher').fill(`zzqx${Date.now().toString(36)}`);
      await form.getByLabel('Catégorie').selectOption('art');
      await form.getByRole('button', { name: 'Filtrer' }).click();
      await expect(page.getByText('Aucun évènement ne correspond à votre recherche.')).toBeVisible();
      await expect(page.getByText('Aucun évènement à venir.')).toHaveCount(0);
      await expect(page.getByLabel('Catégorie')).toHaveValue('art');
      await shot(page, testInfo, `agenda-no-match${javaScriptEnabled ? '' : '-nojs'}`, { fullPage: false });
      if (javaScriptEnabled) await expectNoAxeViolations(page, 'agenda without result');
    });
  });
}
