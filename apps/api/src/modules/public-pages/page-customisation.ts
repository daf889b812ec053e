import { ACCENT_COLORS, type AccentColor, COVER_LAYOUTS, type CoverLayout } from '@app/shared/events';

/*
 * How an event page shows its customisation (issue 28 item 1, decision 056): the accent colour is a
 * class (`acc`) whose few rules, for that one colour, are added to the page's inline stylesheet
 * (no inline style attribute, nothing for pages without customisation: the budgets stay); the
 * cover layout is a place and a class for the cover.
 */

export interface PageLook {
  accent: AccentColor | null;
  layout: CoverLayout | null;
}

export const DEFAULT_LOOK: PageLook = { accent: null, layout: null };

/** The look stored on an event, when shown (unknown stored values are the default). */
export function lookOf(event: { accentColor: string | null; coverLayout: string | null }, shown: boolean): PageLook {
  if (!shown) return DEFAULT_LOOK;
  const accent = event.accentColor && event.accentColor in ACCENT_COLORS ? (event.accentColor as AccentColor) : null;
  const layout = (COVER_LAYOUTS as readonly string[]).includes(event.coverLayout ?? '')
    ? (event.coverLayout as CoverLayout)
    : null;
  return { accent, layout };
}

/** The rules of one accent colour, scoped to the event (`.acc`): buttons, links, tags, title, the cover's background. */
export function accentCss(accent: AccentColor): string {
  const { main, dark, soft } = ACCENT_COLORS[accent];
  return (
    `.acc .btn{background:${main};border-color:${main}}.acc .btn.alt{background:#fff;color:${dark}}` +
    `.acc .btn[aria-pressed=true]{background:${soft};color:${dark}}.acc a:not(.btn),.acc h1,.acc .price{color:${dark}}` +
    `.acc .tag{background:${soft};color:${dark}}.acc .tag.x{background:#fee2e2;color:#991b1b}.acc .hero{background:${soft}}`
  );
}

/** The rules of the cover layouts (only the page's own is added). */
const LAYOUT_CSS: Record<CoverLayout, string> = {
  large: '.wide .hero{width:100%;max-height:30rem;object-fit:cover;margin:0 0 16px}',
  banner:
    '.wide .hero{width:100%;aspect-ratio:3/1;object-fit:cover;margin:0 0 16px}@media (min-width:1024px){.wide .hero{aspect-ratio:5/1}}',
  side: '.side .hero{margin:0 0 12px}@media (min-width:1024px){.side{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:24px;align-items:center}.side .hero{margin:0}}',
};

/** The extra stylesheet of a customised page ('' for the default look). */
export function lookCss(look: PageLook): string {
  return `${look.accent ? accentCss(look.accent) : ''}${look.layout ? LAYOUT_CSS[look.layout] : ''}`;
}

/** The cover's `sizes` per layout: the page column's width (72rem, 16 px padding), a third of the grid beside the title. */
export const LAYOUT_HERO_SIZES: Record<CoverLayout, string> = {
  large: '(min-width:1152px) 1120px, calc(100vw - 32px)',
  banner: '(min-width:1152px) 1120px, calc(100vw - 32px)',
  side: '(min-width:1152px) 350px, (min-width:1024px) calc((100vw - 64px) / 3), calc(100vw - 32px)',
};
