import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeNextPath } from '@app/shared/next-path';
import { SESSION_FLAG_SCRIPT } from '@app/shared/session-flag';
import { createEvent } from '../../../test/helper';
import { buildPublicPagesApp, type PublicPagesTestApp } from '../../../test/public-pages';

/** Issue 25, items 1 and 2 (decision 026): the public pages' header, and sign-in links that lead back. */
let testApp: PublicPagesTestApp;
let app: FastifyInstance;
let owner: string;

beforeAll(async () => {
  testApp = await buildPublicPagesApp({}, { firstName: 'Awa', lastName: 'Ngono' });
  app = testApp.app;
  owner = testApp.owner.token;
});
afterAll(() => testApp.close());

const make = (title: string, isPublic = true) => createEvent(app, owner, { title, description: 'Musique et danse.', isPublic });

const get = (url: string) => app.inject({ method: 'GET', url });

/** The header element of a page. */
function header(body: string): string {
  return /<header class="top">[\s\S]*?<\/header>/.exec(body)?.[0] ?? '';
}

/** The `next` a sign-in link carries (decoded), or null. */
function nextOf(href: string | undefined): string | null {
  if (!href) return null;
  const url = new URL(href.replaceAll('&amp;', '&'), 'https://x.invalid');
  expect(url.pathname).toBe('/GetStarted');
  return url.searchParams.get('next');
}

function hrefOf(html: string, text: string): string | undefined {
  return new RegExp(`<a[^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(html)?.[1];
}

describe('the public pages’ header', () => {
  it('on the agenda: the agenda, "Se connecter" back to this very page, and "Espace organisateur" and "Mon compte" for signed-in visitors', async () => {
    const page = await get('/evenements?city=Douala&category=festival');
    expect(page.statusCode).toBe(200);
    const top = header(page.body);
    expect(top).toContain('<nav aria-label="Principale">');
    expect(top).toContain('<a href="/evenements">Agenda</a>');
    // Signed out (the default, and without JavaScript): 'Se connecter', leading back to the filtered agenda.
    expect(top).toMatch(/<li class="if-out"><a class="em" href="\/GetStarted\?next=[^"]+">Se connecter<\/a><\/li>/);
    expect(nextOf(hrefOf(top, 'Se connecter'))).toBe('/evenements?city=Douala&category=festival');
    // Signed in: the organiser space and 'Mon compte', shown by the stylesheet once the session flag is set.
    expect(top).toContain('<li class="if-in"><a class="em" href="/mon-compte/evenements">Espace organisateur</a></li>');
    expect(top).toContain('<li class="if-in wide"><a href="/mon-compte">Mon compte</a></li>');
    // In that order, after the agenda and 'Se connecter'.
    const order = [...top.matchAll(/<a(?: class="em")? href="[^"]*">([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(order).toEqual(['Agenda', 'Se connecter', 'Espace organisateur', 'Mon compte']);
    expect(page.body).toContain('.if-in{display:none}');
    expect(page.body).toContain('[data-session=in] .if-in{display:list-item}');
    expect(page.body).toContain('[data-session=in] .if-out{display:none}');
    // On a phone (below 640 px) 'Mon compte' steps aside so the header keeps one line at 360 px.
    expect(page.body).toContain('[data-session=in] .if-in.wide{display:none}');
  });

  it('sets the session flag with one inline script in the <head>, allowed by its hash and by nothing wider', async () => {
    const page = await get('/evenements');
    const head = /<head>[\s\S]*<\/head>/.exec(page.body)?.[0] ?? '';
    expect(head).toContain(`<script>${SESSION_FLAG_SCRIPT}</script>`);
    // It only asks whether there is a token, and never writes it anywhere.
    expect(SESSION_FLAG_SCRIPT).toContain('localStorage.getItem("token")');
    expect(SESSION_FLAG_SCRIPT).not.toMatch(/fetch|cookie|innerHTML|location|src=/);
    const hash = `'sha256-${createHash('sha256').update(SESSION_FLAG_SCRIPT).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]?.split(' ') ?? [];
    expect(scriptSrc).toEqual(["'self'", hash]);
    // No other inline script: the page's other scripts are files (or JSON-LD data).
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g)];
    expect(inline).toHaveLength(1);
  });

  it('on an event page, the header and "Se connecter pour participer" both lead back to the event', async () => {
    const event = await make('Nuit du Bikutsi');
    const page = await get(event.publicPath);
    expect(page.statusCode).toBe(200);
    expect(nextOf(hrefOf(header(page.body), 'Se connecter'))).toBe(event.publicPath);
    // Back on the event, 'Je participe' in view: the participation block is the fragment.
    const participate = /<div class="actions" id="participer"><a class="btn" href="([^"]+)" data-participate=/.exec(
      page.body,
    )?.[1];
    expect(nextOf(participate)).toBe(`${event.publicPath}#participer`);
    expect(safeNextPath(nextOf(participate))).toBe(`${event.publicPath}#participer`);
  });

  it('on a private event opened by its link, the way back keeps the share token', async () => {
    const event = await make('Mariage de Brenda', false);
    const page = await get(`${event.publicPath}?t=${event.shareToken}`);
    expect(page.statusCode).toBe(200);
    expect(nextOf(hrefOf(header(page.body), 'Se connecter'))).toBe(`${event.publicPath}?t=${event.shareToken}`);
    const participate = /data-testid="participate-signin"/.test(page.body)
      ? /<a class="btn" href="([^"]+)" data-participate=/.exec(page.body)?.[1]
      : undefined;
    expect(nextOf(participate)).toBe(`${event.publicPath}?t=${event.shareToken}#participer`);
  });

  it('a missing event’s page has the header too, leading back to the agenda', async () => {
    const page = await get('/evenements/rien-0123456789ab');
    expect(page.statusCode).toBe(404);
    expect(nextOf(hrefOf(header(page.body), 'Se connecter'))).toBe('/evenements');
    expect(header(page.body)).toContain('href="/mon-compte">Mon compte</a>');
  });
});
