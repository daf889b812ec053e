import { MEDIUM_IMAGE_WIDTH } from '@app/shared/events';
import { doualaIso } from '@app/shared/douala-time';
import { signInPath } from '@app/shared/next-path';
import type { CoverLayout } from '@app/shared/events';
import { customisationShown, shortAddressPath } from '../events/event-customisation';
import { eventPublicPath } from '../events/event-paths';
import { findShortIdByShortAddress } from '../events/events.repository';
import { uploadUrl } from '../uploads/uploads.storage';
import { COMMENTS_SCRIPT_PATH, renderCommentsSection } from './comments-section';
import { refusal, resolveEvent } from './event-access';
import { ADS_SCRIPT_PATH } from './ads-script';
import { cardHtml, categoryLabel } from './event-card';
import { eventJsonLd } from './event-json-ld';
import { fcfa, frenchDateTime, frenchRange, summary } from './format';
import { html, richText, type SafeHtml } from './html';
import { type PageMeta, page } from './layout';
import { findPublicEvent, listNextInCity, type PublicEvent } from './public-pages.repository';
import { LAYOUT_HERO_SIZES, lookCss, lookOf } from './page-customisation';
import { absolute, defaultImage, type PublicPagesDeps } from './public-pages.deps';
import { SHARE_SCRIPT_PATH } from './share-script';

/**
 * Where 'Je participe' sits on the event page: 'Se connecter pour participer' leads back here
 * after signing in (decision 026), with 'Je participe' in view, one tap away.
 */
export const PARTICIPATE_ANCHOR = 'participer';

export type EventPageResult =
  | { kind: 'page'; status: 200; html: string; private: boolean }
  | { kind: 'redirect'; location: string; status?: 301 | 302 }
  | { kind: 'missing'; status: 404 | 410; html: string };

function missingPage(deps: PublicPagesDeps, siteName: string, status: 404 | 410, event?: PublicEvent): string {
  const title = status === 410 ? 'Cet évènement a été annulé' : 'Événement introuvable';
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
      image: defaultImage(deps, siteName),
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
function heroImage(
  cover: { mediumKey: string | null; detailKey: string; width: number; height: number },
  layout: CoverLayout | null = null,
): SafeHtml {
  const detail = uploadUrl(cover.detailKey);
  if (!cover.mediumKey || cover.width <= MEDIUM_IMAGE_WIDTH) {
    return html`<img class="hero" src="${detail}" alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high" decoding="async">`;
  }
  const medium = uploadUrl(cover.mediumKey);
  const sizes = layout ? LAYOUT_HERO_SIZES[layout] : HERO_SIZES;
  return html`<img class="hero" src="${medium}" srcset="${medium} ${MEDIUM_IMAGE_WIDTH}w, ${detail} ${cover.width}w" sizes="${sizes}" alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high" decoding="async">`;
}

/** `/evenements/{slug}-{shortId}`: the event page, or why not. */
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
  const shown = await customisationShown(deps.db, access.event, now);
  return renderOpenEvent(deps, access.event, { siteName, token, now, commentsPage, shown });
}

/**
 * `/e/{address}`: the page of the event holding this short address (decision 056), served at that
 * address while its organiser's premium is active; once it has ended, the address still leads to
 * the event (302 to its usual page, links already shared keep working) and the page has the default look.
 */
export async function renderShortAddressPage(
  deps: PublicPagesDeps,
  address: string,
  token: string | undefined,
  now = new Date(),
  ref?: string,
  commentsPage = 1,
): Promise<EventPageResult> {
  const [shortId, siteName] = await Promise.all([findShortIdByShortAddress(deps.db, address), deps.siteName()]);
  const event = shortId ? await findPublicEvent(deps.db, shortId) : null;
  const refused = refusal(event, token, now);
  if (refused || !event) {
    const status = refused?.status ?? 404;
    return { kind: 'missing', status, html: missingPage(deps, siteName, status, refused?.event) };
  }
  if (!(await customisationShown(deps.db, event, now)) || !event.shortAddress) {
    const params = new URLSearchParams();
    if (!event.isPublic && token) params.set('t', token);
    if (ref) params.set('ref', ref);
    if (commentsPage > 1) params.set('commentaires', String(commentsPage));
    const query = params.size > 0 ? `?${params}` : '';
    return { kind: 'redirect', status: 302, location: `${eventPublicPath(event)}${query}` };
  }
  return renderOpenEvent(deps, event, { siteName, token, now, commentsPage, shown: true });
}

/** The page of an event this reader may see; `shown`: with its customisation (look, short address). */
async function renderOpenEvent(
  deps: PublicPagesDeps,
  event: PublicEvent,
  options: { siteName: string; token: string | undefined; now: Date; commentsPage: number; shown: boolean },
): Promise<EventPageResult> {
  const { siteName, token, now, commentsPage } = options;
  const look = lookOf(event, options.shown);
  // The files (calendar, preview) stay under the usual path; the page, its canonical and share links use the short address.
  const filesPath = eventPublicPath(event);
  const path = options.shown && event.shortAddress ? shortAddressPath(event.shortAddress) : filesPath;
  const privateEvent = !event.isPublic;
  const tokenQuery = privateEvent && token ? `?t=${encodeURIComponent(token)}` : '';
  const shareUrl = absolute(deps, `${path}${tokenQuery}`);
  const cancelled = event.status === 'cancelled';
  const cover = event.images[0];
  // Every event has its preview: cut from its image, or drawn with its title, date and city.
  const previewImage = {
    url: absolute(deps, `${filesPath}/apercu.jpg${tokenQuery}`),
    width: 1200,
    height: 630,
    type: 'image/jpeg',
  };
  const [nextInCity, comments] = await Promise.all([
    listNextInCity(deps.db, event.city, event.id, now, 3),
    renderCommentsSection(deps.db, { event, path, token: privateEvent ? token : undefined, page: commentsPage }),
  ]);
  // 'À découvrir aussi' (decision 068): one promoted event of this city or all of Cameroon, never
  // this one nor one listed above; none on a private or cancelled event's page.
  const related =
    privateEvent || cancelled
      ? []
      : await deps.sponsored({
          placement: 'related',
          city: event.city,
          exclude: [event.id, ...nextInCity.map((card) => card.id)],
          limit: 1,
        });
  const left = event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - event.participantsCount);
  const when = frenchRange(event.startDateTime, event.endDateTime);
  const links = mapLinks(event);
  // The link sent by WhatsApp says so (`src=whatsapp`), for the organiser's statistics.
  const whatsappUrl = `${shareUrl}${shareUrl.includes('?') ? '&' : '?'}src=whatsapp`;
  const whatsappText = `${event.title} — ${frenchDateTime(event.startDateTime)}, ${event.city}. Viens avec moi ! ${whatsappUrl}`;
  const hero = cover ? heroImage(cover, look.layout) : '';
  const wideCover = look.layout === 'large' || look.layout === 'banner';
  const heading = html`<p><span class="tag">${categoryLabel(event.category)}</span>${privateEvent ? html` <span class="tag">Privé</span>` : ''}${cancelled ? html` <span class="tag x">Annulé</span>` : ''}</p>
<h1>${event.title}</h1>`;
  const article = html`<article class="event" data-view="${event.id}"${privateEvent && token ? html` data-share="${token}"` : ''}>
<div>
${cancelled ? html`<div class="banner" role="status"><p>Annulé — cet évènement a été annulé par son organisateur.</p>${event.cancellationMessage ? html`<p>Message de l’organisateur : « ${event.cancellationMessage} »</p>` : ''}</div>` : ''}
${
  look.layout === 'side'
    ? html`<div class="side"><div>${heading}</div>${hero}</div>`
    : html`${heading}
${wideCover ? '' : hero}`
}
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
<a class="btn alt" href="${filesPath}/calendrier.ics${tokenQuery}" download>Ajouter au calendrier</a>
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
${
  related.length > 0
    ? html`<h2>À découvrir aussi</h2><ul class="cards" style="grid-template-columns:1fr">${related.map(({ card, campaignId }) => cardHtml(card, 'h3', campaignId))}</ul>`
    : ''
}
</aside>
</article>`;
  const customised = look.accent !== null || look.layout !== null;
  const body = customised
    ? html`<div class="${look.accent ? 'acc' : 'look'}" data-look="${look.accent ?? ''} ${look.layout ?? ''}">${wideCover && hero ? html`<div class="wide">${hero}</div>` : ''}${article}</div>`
    : article;
  const images = cover ? [previewImage.url, absolute(deps, uploadUrl(cover.detailKey))] : [previewImage.url];
  const meta: PageMeta = {
    title: `${cancelled ? 'Annulé : ' : ''}${event.title} — ${siteName}`,
    description: summary(`${frenchDateTime(event.startDateTime)}, ${event.city}. ${event.description}`),
    canonical: privateEvent ? null : absolute(deps, path),
    url: shareUrl,
    image: { ...previewImage, alt: event.title },
    ogType: 'article',
    siteName,
    robots: privateEvent ? 'noindex, nofollow' : undefined,
    jsonLd: privateEvent ? undefined : eventJsonLd(event, absolute(deps, path), images),
  };
  return {
    kind: 'page',
    status: 200,
    html: page(
      meta,
      body,
      related.length > 0 ? [SHARE_SCRIPT_PATH, COMMENTS_SCRIPT_PATH, ADS_SCRIPT_PATH] : [SHARE_SCRIPT_PATH, COMMENTS_SCRIPT_PATH],
      lookCss(look),
    ),
    private: privateEvent,
  };
}
