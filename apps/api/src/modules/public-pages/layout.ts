import { COMMENTS_CSS } from './comments-section';
import { HEADER_CSS, publicHeader, sessionFlagScript } from './header';
import { type SafeHtml, html, jsonForScript, raw } from './html';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical address; null for a page that must not be indexed (private event). */
  canonical: string | null;
  /** Absolute address of the page as shared (og:url). */
  url: string;
  image: { url: string; width: number; height: number; alt: string; type: string };
  ogType: 'website' | 'article';
  /** The robots meta: 'index, follow' unless given. */
  robots?: string;
  jsonLd?: unknown;
  siteName: string;
  /**
   * The page the header's 'Se connecter' leads back to after signing in (decision 026); by default
   * this page (the path and query of `url`).
   */
  signInNext?: string | null;
}

/** The path and query of an absolute address of this site (what a sign-in leads back to). */
function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/**
 * The pages' whole stylesheet, inlined (no render-blocking request): mobile first, the brand
 * tokens of apps/web/src/theme.css.
 */
export const PUBLIC_CSS =
  `
*,::before,::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#0f172a;background:#fff}
a{color:#115e59}
img{max-width:100%;height:auto;display:block}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:9}
.in{max-width:72rem;margin:0 auto;padding:0 16px}
main{padding:24px 0 48px}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 12px}
h2{font-size:1.25rem;margin:32px 0 12px}
.muted{color:#475569}
.filters{display:flex;flex-wrap:wrap;align-items:flex-end;gap:12px;background:#f0fdfa;padding:16px;border-radius:12px;margin:16px 0}
.filters label{display:block;font-weight:600;font-size:.9rem;margin-bottom:4px}
.filters>div{flex:1 1 13.5rem;min-width:0}
.filters>div:first-child{flex:2 1 16rem}
.filters>div:last-child{flex:0 0 auto}
.filters input,.filters select{width:100%;max-width:100%;text-overflow:ellipsis;min-height:44px;padding:8px 10px;border:1px solid #94a3b8;border-radius:8px;font:inherit;background:#fff}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;padding:8px 16px;border-radius:8px;border:1px solid #0f766e;background:#0f766e;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.btn.alt{background:#fff;color:#115e59}
.btn[aria-pressed=true]{background:#f0fdfa;color:#115e59}.btn[aria-pressed=true]::before{content:"✓"}
.btn[disabled]{opacity:.6}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:16px;grid-template-columns:1fr}
.card{border:1px solid #e2e8f0;border-radius:12px;overflow:hidden;background:#fff;display:flex;flex-direction:column}
.card img{aspect-ratio:4/3;width:100%;object-fit:cover;background:#ccfbf1}
.card .ph{height:8px;background:#14b8a6}
aside .card img,aside .card .ph{display:none}
aside .card .b{padding:12px}
.card .b{padding:12px 16px 16px}
.card h3{font-size:1.1rem;margin:4px 0}
.card h3 a{text-decoration:none;color:#0f172a}
.card h3 a::after{content:"";position:absolute;inset:0}
.card{position:relative}
.tag{display:inline-block;font-size:.8rem;font-weight:700;border-radius:999px;padding:2px 8px;background:#ccfbf1;color:#115e59}
.tag.x{background:#fee2e2;color:#991b1b}
.tag.ad{background:#fef3c7;color:#78350f}
.price{font-weight:700;color:#115e59}
.pager{display:flex;gap:12px;align-items:center;justify-content:center;margin:24px 0}
.hero{border-radius:12px;width:100%;background:#ccfbf1}
.facts{list-style:none;padding:0;margin:16px 0;display:grid;gap:8px}
.facts li{padding-left:0}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
#participer{scroll-margin-top:24px}
.tickets{width:100%;border-collapse:collapse}
.tickets th,.tickets td{text-align:left;padding:8px;border-bottom:1px solid #e2e8f0}
.banner{background:#fee2e2;color:#7f1d1d;border-radius:8px;padding:12px 16px;font-weight:600}
.banner p{margin:0}.banner p+p{margin-top:6px;font-weight:400;white-space:pre-line}
.desc p{margin:0 0 12px;overflow-wrap:anywhere}
.geo{display:none}
@media (pointer:coarse){.geo{display:inline}}
footer{background:#0f172a;color:#e2e8f0;padding:24px 0}
footer a{color:#fff}
.terms{max-width:48rem}
.terms p{overflow-wrap:anywhere}
.toc{background:#f0fdfa;border-radius:12px;padding:4px 16px 8px}
.form{max-width:32rem;display:grid;gap:16px;margin:16px 0}
.form label{display:block;font-weight:600}
.form input{width:100%;min-height:48px;padding:8px 12px;border:1px solid #64748b;border-radius:8px;font:inherit;background:#fff}
.form input[aria-invalid=true]{border-color:#b91c1c}
.form .err{color:#b91c1c;margin:4px 0 0;font-size:.95rem}
.form .hint{color:#475569;margin:4px 0 0;font-size:.95rem}
.trap{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.ok{background:#ecfdf5;color:#065f46;border-radius:8px;padding:12px 16px;font-weight:600}
[hidden]{display:none!important}
.later{visibility:hidden}
.near{border:1px solid #99f6e4;border-radius:12px;padding:0 16px;margin:0 0 16px}
.near summary{cursor:pointer;font-weight:700;min-height:44px;display:flex;align-items:center;gap:8px}
.near summary::before{content:"▸"}.near[open] summary::before{content:"▾"}
.near[open]{padding-bottom:16px}
.near .filters{margin:8px 0}
@media (min-width:640px){.cards{grid-template-columns:repeat(2,1fr)}h1{font-size:2.25rem}}
@media (min-width:1024px){.cards{grid-template-columns:repeat(3,1fr)}.event{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,1fr);gap:32px}}
${HEADER_CSS}`
    .replace(/\n/g, '')
    .trim() + COMMENTS_CSS;

/** The shell of a public page: meta for previews and search engines, header, footer. */
export function page(meta: PageMeta, body: SafeHtml, scripts: string[] = [], extraCss = ''): string {
  const robots = meta.robots ?? 'index, follow';
  return `<!doctype html>${html`<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
<meta name="robots" content="${robots}">
<meta name="theme-color" content="#0f766e">
${meta.canonical ? html`<link rel="canonical" href="${meta.canonical}">` : ''}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<meta property="og:type" content="${meta.ogType}">
<meta property="og:locale" content="fr_FR">
<meta property="og:site_name" content="${meta.siteName}">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
<meta property="og:url" content="${meta.url}">
<meta property="og:image" content="${meta.image.url}">
<meta property="og:image:type" content="${meta.image.type}">
<meta property="og:image:width" content="${meta.image.width}">
<meta property="og:image:height" content="${meta.image.height}">
<meta property="og:image:alt" content="${meta.image.alt}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${meta.title}">
<meta name="twitter:description" content="${meta.description}">
<meta name="twitter:image" content="${meta.image.url}">
${sessionFlagScript()}
<style>${raw(PUBLIC_CSS + extraCss)}</style>
${meta.jsonLd ? html`<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : ''}
</head>
<body>
<a class="skip" href="#contenu">Aller au contenu</a>
${publicHeader(meta.siteName, meta.signInNext === undefined ? pathOf(meta.url) : meta.signInNext)}
<main id="contenu"><div class="in">${body}</div></main>
<footer><div class="in"><p>${meta.siteName} — les évènements près de chez vous, partout au Cameroun.</p><p><a href="/evenements">Tous les évènements</a> · <a href="/terms">Conditions d’utilisation</a> · <a href="/confidentialite">Confidentialité</a></p></div></footer>
${scripts.map((src) => html`<script type="module" src="${src}"></script>`)}
</body>
</html>`}`;
}
