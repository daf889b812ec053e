import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_CATEGORY_LABELS, type EventCategory, MEDIUM_IMAGE_WIDTH } from '@app/shared/events';
import {
  AGENDA_DATE_FILTERS,
  AGENDA_DATE_LABELS,
  AGENDA_PAGE_SIZE,
  type AgendaDateFilter,
  type AgendaQuery,
  type LandingEvent,
} from '@app/shared/public-pages';
import type { Database } from '../../db/client';
import { EXACT_COUNT_LIMIT } from '../../db/bounded-count';
import { eventPublicPath, PUBLIC_DEPTH_MAX, slugify } from '../events/events.service';
import { eventSight } from '../events/event-visibility';
import type { UploadStorage } from '../uploads/uploads.storage';
import { imagePreview, svgPreview } from '../uploads/image-processing';
import { cardPreviewKey, imagePreviewKey, uploadUrl } from '../uploads/uploads.storage';
import { cardFingerprint, cardSvg, type PreviewStore } from './previews';
import { COMMENTS_SCRIPT, renderCommentsSection } from './comments-section';
import { fcfa, frenchDateTime, frenchRange, frenchShortDateTime, priceFrom } from './format';
import { html, richText, type SafeHtml } from './html';
import { icsFile } from './ics';
import { type PageMeta, page } from './layout';
import {
  listAgenda,
  listAgendaCities,
  listNextForLanding,
  listNextInCity,
  findPublicEvent,
  type PublicCard,
  type PublicEvent,
} from './public-pages.repository';
import { DAY_MS, DOUALA_OFFSET_MS, doualaIso, doualaMidnight } from '@app/shared/douala-time';
import { signInPath } from '@app/shared/next-path';

/** What the public pages use. */
export interface PublicPagesDeps {
  db: Database;
  publicUrl: string;
  siteName: () => Promise<string>;
  storage: UploadStorage;
  previews: PreviewStore;
  log: FastifyBaseLogger;
}

/**
 * Where 'Je participe' sits on the event page: 'Se connecter pour participer' leads back here
 * after signing in (decision 026), with 'Je participe' in view, one tap away.
 */
export const PARTICIPATE_ANCHOR = 'participer';

/** A cancelled event's page stays, marked 'Annulé', this long after the cancellation. */
export const CANCELLED_PAGE_DAYS = 30;
const DEFAULT_IMAGE = { path: '/og-image.png', width: 1200, height: 630, type: 'image/png' };
/**
 * The island of the event page: copy the link (nothing else needs JavaScript). The button keeps
 * its place hidden (`.later`) until the script shows it, so nothing moves.
 */
/**
 * The event page's only script (an island, decision 011): the copy button, and 'Je participe'
 * for a signed-in visitor. The web app keeps its session token in localStorage (`token`,
 * apps/web/src/lib/session.ts), on the same origin: with it, the sign-in link becomes a toggle
 * button calling the community API; without it (or without JavaScript) the link stays.
 */
export const SHARE_SCRIPT =
  // The page counts its view (one per visitor and day, decision 009) and where it came from
  // (decision 040): `?src=` of a shared link, a referral link, else the page before.
  `{const e=document.querySelector("[data-view]");if(e){let k=null;try{k=localStorage.getItem("token")}catch{}const a=new URLSearchParams(location.search),q=new URLSearchParams(),s=a.get("src")||(a.get("ref")?"referral":"");if(s)q.set("src",s);if(document.referrer)q.set("from",document.referrer);if(e.dataset.share)q.set("shareToken",e.dataset.share);` +
  `fetch("/api/events/"+e.dataset.view+"/views?"+q,{method:"POST",headers:k?{authorization:"Bearer "+k}:{},keepalive:true}).catch(()=>{})}}` +
  `for(const b of document.querySelectorAll("[data-copy]")){b.classList.remove("later");b.addEventListener("click",async()=>{const s=b.querySelector("span")||b;try{await navigator.clipboard.writeText(b.dataset.copy);s.textContent="Lien copié"}catch{prompt("Copiez ce lien :",b.dataset.copy)}})}` +
  `{const p=document.querySelector("[data-participate]");let k=null;try{k=localStorage.getItem("token")}catch{}` +
  `if(p&&k){const s=p.dataset.share,q=s?"?shareToken="+encodeURIComponent(s):"",u="/api/events/"+p.dataset.participate+"/participants",h={authorization:"Bearer "+k},n=document.querySelector("[data-testid=participants]"),l=document.querySelector("[data-places]"),m=document.getElementById("participer-msg");` +
  `const c=(method,url,body)=>fetch(url,{method,headers:body?{...h,"content-type":"application/json"}:h,body:body&&JSON.stringify(body)});` +
  `c("GET",u+"/me"+q).then(async r=>{if(!r.ok)return;let on=(await r.json()).participating;const b=document.createElement("button");b.type="button";b.className="btn";b.textContent="Je participe";b.dataset.testid="participate";` +
  `const show=x=>{on=x.participating;b.setAttribute("aria-pressed",String(on));if(n&&x.participantsCount!==undefined)n.textContent=x.participantsCount;if(l&&x.participantsCount!==undefined){const left=Math.max(0,l.dataset.places-x.participantsCount);l.textContent=left?left+(left>1?" places restantes":" place restante"):"complet"}};show({participating:on});p.replaceWith(b);` +
  `b.addEventListener("click",async()=>{b.disabled=true;m.textContent="";try{const r=await(on?c("DELETE",u+"/me"):c("POST",u,s?{shareToken:s}:{}));const j=await r.json();m.textContent=j.message||"Une erreur est survenue";if(r.ok)show(j)}catch{m.textContent="Erreur de connexion au serveur"}finally{b.disabled=false}})}).catch(()=>{})}}`;

function categoryLabel(category: string): string {
  return EVENT_CATEGORY_LABELS[category as EventCategory] ?? category;
}

/** [from, to) in UTC of the agenda's date filter, in Douala time. */
export function agendaRange(kind: AgendaDateFilter, now: Date): { from: Date; to: Date | null } {
  const local = new Date(now.getTime() + DOUALA_OFFSET_MS);
  const dayStart = doualaMidnight(now);
  switch (kind) {
    case 'today':
      return { from: now, to: new Date(dayStart + DAY_MS) };
    case 'weekend': {
      // Saturday and Sunday of this week (today when it is the weekend).
      const weekday = local.getUTCDay();
      const saturday = weekday === 0 ? dayStart - DAY_MS : dayStart + ((6 - weekday) % 7) * DAY_MS;
      return { from: new Date(Math.max(saturday, now.getTime())), to: new Date(saturday + 2 * DAY_MS) };
    }
    case 'month': {
      const next = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - DOUALA_OFFSET_MS;
      return { from: now, to: new Date(next) };
    }
    default:
      return { from: now, to: null };
  }
}

function absolute(deps: PublicPagesDeps, path: string): string {
  return `${deps.publicUrl}${path}`;
}

function cardHtml(card: PublicCard, headingLevel: 'h2' | 'h3' = 'h3'): SafeHtml {
  const href = eventPublicPath(card);
  const title = html`<a href="${href}">${card.title}</a>`;
  return html`<li class="card">
${
  card.cover
    ? html`<img src="${uploadUrl(card.cover.cardKey)}" alt="" width="640" height="480" loading="lazy" decoding="async">`
    : html`<div class="ph" aria-hidden="true"></div>`
}
<div class="b"><span class="tag">${categoryLabel(card.category)}</span>
${headingLevel === 'h2' ? html`<h2>${title}</h2>` : html`<h3>${title}</h3>`}
<p class="muted"><time datetime="${card.startDateTime.toISOString()}">${frenchShortDateTime(card.startDateTime)}</time> · ${card.city}</p>
<p class="muted">${card.address}</p>
<p class="price">${priceFrom(card.prices)}</p></div></li>`;
}

function agendaHref(query: AgendaQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.city) params.set('city', query.city);
  if (query.category !== 'all') params.set('category', query.category);
  if (query.date !== 'all') params.set('date', query.date);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/evenements${search ? `?${search}` : ''}`;
}

/** The last agenda page an anonymous visitor may open: its first event is within PUBLIC_DEPTH_MAX. */
export const AGENDA_MAX_PAGE = Math.ceil(PUBLIC_DEPTH_MAX / AGENDA_PAGE_SIZE);
/** The agenda without results: after a search or a filter, and with none (issue 25). */
export const AGENDA_NO_MATCH = 'Aucun évènement ne correspond à votre recherche.';
export const AGENDA_NOTHING_AHEAD = 'Aucun évènement à venir.';
const PAGE_TOO_DEEP = 'Page trop lointaine : affinez la recherche ou les filtres pour voir ces évènements.';

/** `/evenements`: the public agenda, its filters as a plain GET form, paging by links. */
export async function renderAgenda(deps: PublicPagesDeps, query: AgendaQuery, now = new Date()): Promise<string> {
  // Anonymous depth cap (decision 013): no page past the first PUBLIC_DEPTH_MAX events is read.
  const tooDeep = query.page > AGENDA_MAX_PAGE;
  const [{ cards, total }, cities, siteName] = await Promise.all([
    tooDeep
      ? { cards: [], total: 0 }
      : listAgenda(deps.db, {
          q: query.q || undefined,
          city: query.city || undefined,
          category: query.category === 'all' ? undefined : query.category,
          range: agendaRange(query.date, now),
          page: query.page,
          limit: AGENDA_PAGE_SIZE,
        }),
    listAgendaCities(deps.db, now),
    deps.siteName(),
  ]);
  // Beyond EXACT_COUNT_LIMIT the total is an estimate: said as « plus de 1 000 », pages not counted.
  const estimated = total > EXACT_COUNT_LIMIT;
  const pages = Math.min(AGENDA_MAX_PAGE, Math.max(1, Math.ceil(total / AGENDA_PAGE_SIZE)));
  const hasNext = query.page < pages;
  const countText =
    total === 0
      ? ''
      : estimated
        ? `Plus de ${EXACT_COUNT_LIMIT.toLocaleString('fr-FR')} évènements`
        : `${total} évènement${total > 1 ? 's' : ''}`;
  const filtered = Boolean(query.q || query.city || query.category !== 'all' || query.date !== 'all');
  const cityOptions = query.city && !cities.includes(query.city) ? [query.city, ...cities] : cities;
  const body = html`<h1>Agenda des évènements</h1>
<p class="muted">Concerts, festivals, conférences et rencontres près de chez vous, partout au Cameroun.</p>
<form class="filters" method="get" action="/evenements" role="search" aria-label="Filtrer les évènements">
<div><label for="f-q">Rechercher</label><input id="f-q" name="q" type="search" value="${query.q ?? ''}" placeholder="Titre, lieu, description…"></div>
<div><label for="f-city">Ville</label><select id="f-city" name="city"><option value="">Toutes les villes</option>${cityOptions.map(
    (city) => html`<option value="${city}"${query.city === city ? html` selected` : ''}>${city}</option>`,
  )}</select></div>
<div><label for="f-category">Catégorie</label><select id="f-category" name="category"><option value="all">Toutes les catégories</option>${Object.entries(
    EVENT_CATEGORY_LABELS,
  ).map(
    ([value, label]) => html`<option value="${value}"${query.category === value ? html` selected` : ''}>${label}</option>`,
  )}</select></div>
<div><label for="f-date">Date</label><select id="f-date" name="date">${AGENDA_DATE_FILTERS.map(
    (value) => html`<option value="${value}"${query.date === value ? html` selected` : ''}>${AGENDA_DATE_LABELS[value]}</option>`,
  )}</select></div>
<div><button class="btn" type="submit">Filtrer</button></div>
</form>
<p class="muted" role="status">${countText}${filtered ? html`${countText ? ' · ' : ''}<a href="/evenements">Effacer les filtres</a>` : ''}</p>
${
  tooDeep
    ? html`<p>${PAGE_TOO_DEEP}</p><p><a href="${agendaHref(query, 1)}">Revenir à la première page</a></p>`
    : cards.length === 0
      ? html`<p>${filtered ? AGENDA_NO_MATCH : AGENDA_NOTHING_AHEAD}</p>`
      : html`<ul class="cards">${cards.map((card) => cardHtml(card, 'h2'))}</ul>`
}
${
  pages > 1 && !tooDeep
    ? html`<nav class="pager" aria-label="Pages">
${query.page > 1 ? html`<a class="btn alt" rel="prev" href="${agendaHref(query, query.page - 1)}">Page précédente</a>` : ''}
<span>${estimated ? `Page ${query.page}` : `Page ${Math.min(query.page, pages)} sur ${pages}`}</span>
${hasNext ? html`<a class="btn alt" rel="next" href="${agendaHref(query, query.page + 1)}">Page suivante</a>` : ''}
</nav>`
    : ''
}`;
  const title =
    query.page > 1 ? `Agenda des évènements (page ${query.page}) — ${siteName}` : `Agenda des évènements — ${siteName}`;
  const meta: PageMeta = {
    title,
    description:
      'Les prochains concerts, festivals, conférences et rencontres à Douala, Yaoundé, Bafoussam et partout au Cameroun.',
    // Filtered views are the same agenda: one canonical address per page number.
    canonical: absolute(deps, query.page > 1 ? `/evenements?page=${query.page}` : '/evenements'),
    url: absolute(deps, agendaHref(query, query.page)),
    image: { url: absolute(deps, DEFAULT_IMAGE.path), ...DEFAULT_IMAGE, alt: siteName },
    ogType: 'website',
    siteName,
    // Filtered views are not indexed, but their links (the events) are followed.
    robots: filtered ? 'noindex, follow' : undefined,
  };
  return page(meta, body);
}

export type EventPageResult =
  | { kind: 'page'; status: 200; html: string; private: boolean }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing'; status: 404 | 410; html: string };

/** `{slug}-{shortId}` → its parts (null when it does not look like an event address). */
export function parseSlugId(slugId: string): { slug: string; shortId: string } | null {
  const match = /^(?:(.*)-)?([0-9a-f]{12})$/.exec(slugId);
  if (!match) return null;
  return { slug: match[1] ?? '', shortId: match[2] as string };
}

type Access =
  | { kind: 'open'; event: PublicEvent }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing'; status: 404 | 410; event?: PublicEvent };

/**
 * Who may see the event at this address: published public events; private ones with the current
 * share token; cancelled ones for 30 days (then 410); drafts never (404). A wrong slug redirects.
 */
async function resolveEvent(
  deps: PublicPagesDeps,
  slugId: string,
  token: string | undefined,
  suffix: string,
  now: Date,
  ref?: string,
): Promise<Access> {
  const parsed = parseSlugId(slugId);
  if (!parsed) return { kind: 'missing', status: 404 };
  const event = await findPublicEvent(deps.db, parsed.shortId);
  // Nobody is privileged here: a draft's page never opens, a private one with its share token.
  if (!event || eventSight(event, { privileged: false, token }) !== 'visible') return { kind: 'missing', status: 404 };
  if (
    event.status === 'cancelled' &&
    now.getTime() - (event.cancelledAt ?? event.updatedAt).getTime() > CANCELLED_PAGE_DAYS * DAY_MS
  ) {
    return { kind: 'missing', status: 410, event };
  }
  if (parsed.slug !== slugify(event.title)) {
    // The share token and a referral code (counted as a click on the page) follow the redirect.
    const params = new URLSearchParams();
    if (!event.isPublic && token) params.set('t', token);
    if (ref) params.set('ref', ref);
    const query = params.size > 0 ? `?${params}` : '';
    return { kind: 'redirect', location: `${eventPublicPath(event)}${suffix}${query}` };
  }
  return { kind: 'open', event };
}

function missingPage(deps: PublicPagesDeps, siteName: string, status: 404 | 410, event?: PublicEvent): string {
  const title = status === 410 ? 'Cet évènement a été annulé' : 'Évènement introuvable';
  const body = html`<h1>${title}</h1>
<p>${
    status === 410
      ? html`« ${event?.title ?? ''} » a été annulé par son organisateur et n’est plus proposé.`
      : 'Cet évènement n’existe pas, n’est pas encore publié, ou son lien de partage a changé. Demandez le nouveau lien à l’organisateur.'
  }</p>
<p><a class="btn" href="/evenements">Voir les prochains évènements</a></p>`;
  return page(
    {
      title: `${title} — ${siteName}`,
      description: title,
      canonical: null,
      url: absolute(deps, '/evenements'),
      image: { url: absolute(deps, DEFAULT_IMAGE.path), ...DEFAULT_IMAGE, alt: siteName },
      ogType: 'website',
      siteName,
      robots: 'noindex, nofollow',
    },
    body,
  );
}

function mapLinks(event: PublicEvent): { osm: string; geo: string } {
  const place = `${event.address}, ${event.city}, ${event.country}`;
  if (event.latitude !== null && event.longitude !== null) {
    const { latitude: lat, longitude: lon } = event;
    return {
      osm: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
      geo: `geo:${lat},${lon}?q=${lat},${lon}(${encodeURIComponent(event.title)})`,
    };
  }
  return {
    osm: `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`,
    geo: `geo:0,0?q=${encodeURIComponent(place)}`,
  };
}

function description(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The schema.org/Event of an event page (offers in XAF, status cancelled when cancelled). */
export function eventJsonLd(event: PublicEvent, url: string, images: string[]) {
  const left = event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - event.participantsCount);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: description(event.description, 500),
    startDate: doualaIso(event.startDateTime),
    endDate: doualaIso(event.endDateTime),
    eventStatus: event.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    image: images,
    location: {
      '@type': 'Place',
      name: event.address,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.address,
        addressLocality: event.city,
        addressCountry: event.country === 'Cameroun' ? 'CM' : event.country,
      },
      ...(event.latitude !== null && event.longitude !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude } }
        : {}),
    },
    organizer: { '@type': 'Person', name: event.creatorName ?? 'Anonyme' },
    offers: event.ticketTypes.map((ticket) => ({
      '@type': 'Offer',
      name: ticket.name,
      price: ticket.price,
      priceCurrency: 'XAF',
      availability: left === 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url,
      validFrom: doualaIso(event.createdAt),
    })),
  };
}

/** `/evenements/{slug}-{shortId}`: the event page, or why not. */
/**
 * The layout's hero width: the page column (72rem wide at most, 16 px padding each side), and from
 * 1024 px the left 2/3 of a two-column grid with a 32 px gap (see layout.ts).
 */
export const HERO_SIZES = '(min-width:1152px) 725px, (min-width:1024px) calc((100vw - 64px) * 2 / 3), calc(100vw - 32px)';

/**
 * The event page's hero: a phone picks the ~800 px copy, a wide screen the detail copy, and
 * width/height keep its box from shifting. Images stored before the medium copy existed, or no
 * wider than it, have only the detail copy.
 */
function heroImage(cover: { mediumKey: string | null; detailKey: string; width: number; height: number }): SafeHtml {
  const detail = uploadUrl(cover.detailKey);
  if (!cover.mediumKey || cover.width <= MEDIUM_IMAGE_WIDTH) {
    return html`<img class="hero" src="${detail}" alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high" decoding="async">`;
  }
  const medium = uploadUrl(cover.mediumKey);
  return html`<img class="hero" src="${medium}" srcset="${medium} ${MEDIUM_IMAGE_WIDTH}w, ${detail} ${cover.width}w" sizes="${HERO_SIZES}" alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high" decoding="async">`;
}

export async function renderEventPage(
  deps: PublicPagesDeps,
  slugId: string,
  token: string | undefined,
  now = new Date(),
  ref?: string,
  commentsPage = 1,
): Promise<EventPageResult> {
  const [access, siteName] = await Promise.all([resolveEvent(deps, slugId, token, '', now, ref), deps.siteName()]);
  if (access.kind === 'redirect') return access;
  if (access.kind === 'missing')
    return { kind: 'missing', status: access.status, html: missingPage(deps, siteName, access.status, access.event) };
  const { event } = access;
  const path = eventPublicPath(event);
  const privateEvent = !event.isPublic;
  const tokenQuery = privateEvent && token ? `?t=${encodeURIComponent(token)}` : '';
  const shareUrl = absolute(deps, `${path}${tokenQuery}`);
  const cancelled = event.status === 'cancelled';
  const cover = event.images[0];
  // Every event has its preview: cut from its image, or drawn with its title, date and city.
  const previewImage = { url: absolute(deps, `${path}/apercu.jpg${tokenQuery}`), width: 1200, height: 630, type: 'image/jpeg' };
  const [nextInCity, comments] = await Promise.all([
    listNextInCity(deps.db, event.city, event.id, now, 3),
    renderCommentsSection(deps.db, { event, path, token: privateEvent ? token : undefined, page: commentsPage }),
  ]);
  const left = event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - event.participantsCount);
  const when = frenchRange(event.startDateTime, event.endDateTime);
  const links = mapLinks(event);
  // The link sent by WhatsApp says so (`src=whatsapp`), for the organiser's statistics.
  const whatsappUrl = `${shareUrl}${shareUrl.includes('?') ? '&' : '?'}src=whatsapp`;
  const whatsappText = `${event.title} — ${frenchDateTime(event.startDateTime)}, ${event.city}. Viens avec moi ! ${whatsappUrl}`;
  const body = html`<article class="event" data-view="${event.id}"${privateEvent && token ? html` data-share="${token}"` : ''}>
<div>
${cancelled ? html`<div class="banner" role="status"><p>Annulé — cet évènement a été annulé par son organisateur.</p>${event.cancellationMessage ? html`<p>Message de l’organisateur : « ${event.cancellationMessage} »</p>` : ''}</div>` : ''}
<p><span class="tag">${categoryLabel(event.category)}</span>${privateEvent ? html` <span class="tag">Privé</span>` : ''}${cancelled ? html` <span class="tag x">Annulé</span>` : ''}</p>
<h1>${event.title}</h1>
${cover ? heroImage(cover) : ''}
<ul class="facts">
<li><strong>Quand :</strong> <time datetime="${doualaIso(event.startDateTime)}">${when}</time></li>
<li><strong>Où :</strong> ${event.address}, ${event.city} — <a href="${links.osm}" rel="noopener" target="_blank">Voir sur la carte (OpenStreetMap)</a><span class="geo"> · <a href="${links.geo}">Ouvrir dans l’application de cartes</a></span></li>
<li><strong>Organisé par :</strong> ${event.creatorName ?? 'Anonyme'}</li>
<li><strong>Participants :</strong> <span data-testid="participants">${event.participantsCount}</span>${
    left === null
      ? ' · places illimitées'
      : html` · <span data-testid="places-left" data-places="${event.maxParticipants}">${left === 0 ? 'complet' : `${left} place${left > 1 ? 's' : ''} restante${left > 1 ? 's' : ''}`}</span>`
  }</li>
</ul>
${
  event.status === 'published' && event.endDateTime > now
    ? html`<div class="actions" id="${PARTICIPATE_ANCHOR}"><a class="btn" href="${signInPath(`${path}${tokenQuery}#${PARTICIPATE_ANCHOR}`)}" data-participate="${event.id}"${privateEvent && token ? html` data-share="${token}"` : ''} data-testid="participate-signin">Se connecter pour participer</a></div>
<p id="participer-msg" class="muted" role="status"></p>`
    : ''
}
<div class="actions">
<a class="btn" href="https://wa.me/?text=${encodeURIComponent(whatsappText)}" rel="noopener" target="_blank" data-testid="whatsapp">Partager sur WhatsApp</a>
<button class="btn alt later" type="button" data-copy="${shareUrl}"><span>Copier le lien</span></button>
<a class="btn alt" href="${path}/calendrier.ics${tokenQuery}" download>Ajouter au calendrier</a>
</div>
<h2>Description</h2>
<div class="desc">${richText(event.description)}</div>
${comments}
</div>
<aside>
<h2>Billets</h2>
<table class="tickets"><thead><tr><th scope="col">Type</th><th scope="col">Prix</th></tr></thead><tbody>${event.ticketTypes.map(
    (ticket) =>
      html`<tr><td>${ticket.name}${ticket.description ? html`<br><span class="muted">${ticket.description}</span>` : ''}</td><td>${ticket.price === 0 ? 'Gratuit' : fcfa(ticket.price)}</td></tr>`,
  )}</tbody></table>
${
  nextInCity.length > 0
    ? html`<h2>Prochains évènements à ${event.city}</h2><ul class="cards" style="grid-template-columns:1fr">${nextInCity.map((card) => cardHtml(card))}</ul>`
    : ''
}
</aside>
</article>`;
  const images = cover ? [previewImage.url, absolute(deps, uploadUrl(cover.detailKey))] : [previewImage.url];
  const meta: PageMeta = {
    title: `${cancelled ? 'Annulé : ' : ''}${event.title} — ${siteName}`,
    description: description(`${frenchDateTime(event.startDateTime)}, ${event.city}. ${event.description}`),
    canonical: privateEvent ? null : absolute(deps, path),
    url: shareUrl,
    image: { ...previewImage, alt: event.title },
    ogType: 'article',
    siteName,
    robots: privateEvent ? 'noindex, nofollow' : undefined,
    jsonLd: privateEvent ? undefined : eventJsonLd(event, absolute(deps, path), images),
  };
  return { kind: 'page', status: 200, html: page(meta, body, [SHARE_SCRIPT_PATH, COMMENTS_SCRIPT_PATH]), private: privateEvent };
}

export const COMMENTS_SCRIPT_PATH = `/evenements/commentaires.js?v=${createHash('sha256').update(COMMENTS_SCRIPT).digest('hex').slice(0, 10)}`;

export const SHARE_SCRIPT_PATH = `/evenements/partage.js?v=${createHash('sha256').update(SHARE_SCRIPT).digest('hex').slice(0, 10)}`;

export type FileResult = { kind: 'file'; body: Buffer | string; private: boolean } | Exclude<Access, { kind: 'open' }>;

/** `…/calendrier.ics`: the event as an iCalendar file. */
export async function eventIcs(
  deps: PublicPagesDeps,
  slugId: string,
  token: string | undefined,
  now = new Date(),
): Promise<FileResult> {
  const access = await resolveEvent(deps, slugId, token, '/calendrier.ics', now);
  if (access.kind !== 'open') return access;
  const { event } = access;
  const path = eventPublicPath(event);
  const host = new URL(deps.publicUrl).hostname;
  const body = icsFile({
    uid: `${event.id}@${host}`,
    title: event.title,
    description: event.description,
    location: `${event.address}, ${event.city}, ${event.country}`,
    url: absolute(deps, `${path}${!event.isPublic && token ? `?t=${encodeURIComponent(token)}` : ''}`),
    start: event.startDateTime,
    end: event.endDateTime,
    stamp: event.updatedAt,
    cancelled: event.status === 'cancelled',
    geo: event.latitude !== null && event.longitude !== null ? { latitude: event.latitude, longitude: event.longitude } : null,
  });
  return { kind: 'file', body, private: !event.isPublic };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `…/apercu.jpg`: the 1200×630 JPEG preview for WhatsApp, Facebook and X (decision 022), made once
 * in the image queue and stored: cut from the event's first image, or, without one, drawn with the
 * event's title, date (French, Douala time), city and the site's mark; drawn again when one of them
 * changes (a new key).
 */
export async function eventPreview(
  deps: PublicPagesDeps,
  slugId: string,
  token: string | undefined,
  now = new Date(),
): Promise<FileResult> {
  const access = await resolveEvent(deps, slugId, token, '/apercu.jpg', now);
  if (access.kind !== 'open') return access;
  const { event } = access;
  const cover = event.images[0];
  let jpeg: Buffer | null;
  if (cover) {
    jpeg = await deps.previews.get(imagePreviewKey(cover.detailKey), async () => {
      const file = await deps.storage.open(cover.detailKey);
      return file ? imagePreview(await readAll(file.stream)) : null;
    });
  } else {
    const text = {
      siteName: await deps.siteName(),
      title: event.title,
      when: frenchDateTime(event.startDateTime),
      city: event.city,
    };
    jpeg = await deps.previews.get(cardPreviewKey(event.id, cardFingerprint(text)), () => svgPreview(cardSvg(text)));
  }
  if (!jpeg) return { kind: 'missing', status: 404 };
  return { kind: 'file', body: jpeg, private: !event.isPublic };
}

export function renderRobots(deps: PublicPagesDeps): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /GetStarted',
    'Disallow: /api/',
    '',
    `Sitemap: ${absolute(deps, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** How many of the next public events the landing page shows. */
export const LANDING_EVENTS = 6;

/**
 * The landing page's next public events (highlighted first, then by date), as its cards show
 * them. Not cached here: the landing page that shows them is (apps/api/src/plugins/web-app.ts).
 */
export async function landingEvents(db: Database, now = new Date()): Promise<LandingEvent[]> {
  const cards = await listNextForLanding(db, now, LANDING_EVENTS);
  return cards.map((card) => ({
    title: card.title,
    highlighted: card.highlighted,
    href: eventPublicPath(card),
    when: frenchShortDateTime(card.startDateTime),
    city: card.city,
    price: priceFrom(card.prices),
    image: card.cover ? { src: uploadUrl(card.cover.cardKey), width: 640, height: 480 } : null,
  }));
}
