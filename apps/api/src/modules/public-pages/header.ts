import { signInPath } from '@app/shared/next-path';
import { SESSION_FLAG_SCRIPT } from '@app/shared/session-flag';
import { html, raw, type SafeHtml } from './html';

/**
 * The header of the server-rendered public pages (decision 026): the site's name, the agenda, and
 * the account links. The pages are the same for every reader (cached), so who is signed in is
 * read in the browser by the session flag (`<html data-session="in">`, set by one inline script in
 * the <head> before anything is drawn) and the stylesheet shows each link to whom it is for.
 */

/** Who a header link is for. */
export type HeaderAudience = 'everyone' | 'signed-in' | 'signed-out';

export interface HeaderLink {
  href: string;
  label: string;
  audience: HeaderAudience;
  /** Drawn as an outlined button (the account links). */
  emphasis?: boolean;
  /** Shown from 640 px only: on a phone there is no room for it beside the others (it is one tap away). */
  wide?: boolean;
}

/**
 * The header's links, in order. `next` is the page a sign-in leads back to (this page). A
 * signed-in visitor gets the organiser space ('Espace organisateur', their events, decision 043)
 * and, from 640 px, 'Mon compte'; on a phone 'Mon compte' is left out to keep one line at 360 px —
 * it is the organiser space's 'Accueil' tab, one tap away.
 */
export function headerLinks(next: string | null): HeaderLink[] {
  return [
    { href: '/evenements', label: 'Agenda', audience: 'everyone' },
    { href: signInPath(next), label: 'Se connecter', audience: 'signed-out', emphasis: true },
    { href: '/mon-compte/evenements', label: 'Espace organisateur', audience: 'signed-in', emphasis: true },
    { href: '/mon-compte', label: 'Mon compte', audience: 'signed-in', wide: true },
  ];
}

const AUDIENCE_CLASS: Record<HeaderAudience, string> = { everyone: '', 'signed-in': 'if-in', 'signed-out': 'if-out' };

/** The classes of a link's list item: who it is for, and whether phones leave it out. */
function itemClass(link: HeaderLink): string {
  return [AUDIENCE_CLASS[link.audience], link.wide ? 'wide' : ''].filter(Boolean).join(' ');
}

/** The header's own styles, part of the pages' inlined stylesheet. */
export const HEADER_CSS = [
  '.top{background:#115e59;color:#fff}',
  '.top .in{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:56px}',
  '.top a{color:#fff;text-decoration:none;font-weight:700;border-radius:8px}',
  '.top a:focus-visible{outline:2px solid #fff;outline-offset:2px}',
  '.top .brand{line-height:1.2;padding:6px 0}',
  '.top ul{display:flex;align-items:center;gap:2px;list-style:none;margin:0;padding:0;flex:none}',
  '.top li a{display:inline-flex;align-items:center;min-height:44px;padding:0 8px;font-weight:600;white-space:nowrap}',
  '.top li a:hover{text-decoration:underline}',
  '.top li a.em{border:1px solid #ccfbf1;margin-left:4px}',
  '.if-in{display:none}',
  '[data-session=in] .if-in{display:list-item}',
  '[data-session=in] .if-out{display:none}',
  // The site's name on two lines and smaller text, so the links fit beside it at 360 px.
  '@media (max-width:399px){.top .brand,.top li a{font-size:.875rem}}',
  // Below 640 px a long link may take two lines ('Espace organisateur'), and the wide-only ones step aside.
  '@media (max-width:639px){.top ul{flex:0 1 auto}.top li a{white-space:normal;line-height:1.15;text-align:center}[data-session=in] .if-in.wide{display:none}}',
  '@media (min-width:640px){.top li a{padding:0 12px}}',
].join('');

/** The session flag's inline script, for the page's <head> (allowed by its hash in the CSP). */
export function sessionFlagScript(): SafeHtml {
  return html`<script>${raw(SESSION_FLAG_SCRIPT)}</script>`;
}

/** The header of a public page; `next` is the page a sign-in leads back to. */
export function publicHeader(siteName: string, next: string | null): SafeHtml {
  return html`<header class="top"><div class="in"><a class="brand" href="/">${siteName}</a><nav aria-label="Principale"><ul>${headerLinks(
    next,
  ).map(
    (link) =>
      html`<li${itemClass(link) ? html` class="${itemClass(link)}"` : ''}><a${link.emphasis ? html` class="em"` : ''} href="${link.href}">${link.label}</a></li>`,
  )}</ul></nav></div></header>`;
}
