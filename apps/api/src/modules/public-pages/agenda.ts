import { EVENT_CATEGORY_LABELS } from '@app/shared/events';
import { DAY_MS, DOUALA_OFFSET_MS, doualaMidnight } from '@app/shared/douala-time';
import {
  AGENDA_DATE_FILTERS,
  AGENDA_DATE_LABELS,
  AGENDA_PAGE_SIZE,
  type AgendaDateFilter,
  type AgendaQuery,
} from '@app/shared/public-pages';
import { EXACT_COUNT_LIMIT } from '../../db/bounded-count';
import { PAGE_DEPTH_MAX } from '@app/shared/page-depth';
import { cardHtml } from './event-card';
import { html } from './html';
import { type PageMeta, page } from './layout';
import { NEAR_ME_SCRIPT_PATH, nearMeSectionHtml } from './near-me-section';
import { ADS_SCRIPT_PATH } from './ads-script';
import { placeSponsored, sponsoredSlots } from '../ads/ads.service';
import { cityKeyOf } from '@app/shared/ads';
import { CAMEROON_CITIES } from '@app/shared/near-me';
import { listAgenda } from './public-pages.repository';
import { absolute, defaultImage, type PublicPagesDeps } from './public-pages.deps';

/*
 * The public agenda `/evenements` (decision 011): upcoming events with a search, filters by city,
 * category and date as a plain GET form, and paging by links; anonymous readers go no deeper than
 * PAGE_DEPTH_MAX events (decisions 013, 069).
 */

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

/** The last agenda page a visitor may open: its first event is within PAGE_DEPTH_MAX (decision 069). */
export const AGENDA_MAX_PAGE = Math.ceil(PAGE_DEPTH_MAX / AGENDA_PAGE_SIZE);
/** The agenda without results: after a search or a filter, and with none (issue 25). */
export const AGENDA_NO_MATCH = 'Aucun évènement ne correspond à votre recherche.';
export const AGENDA_NOTHING_AHEAD = 'Aucun évènement à venir.';
const PAGE_TOO_DEEP = 'Page trop lointaine : affinez la recherche ou les filtres pour voir ces évènements.';

/** `/evenements`: the public agenda, its filters as a plain GET form, paging by links. */
export async function renderAgenda(deps: PublicPagesDeps, query: AgendaQuery, now = new Date()): Promise<string> {
  // The depth cap (decision 069): no page past the first PAGE_DEPTH_MAX events is read.
  const tooDeep = query.page > AGENDA_MAX_PAGE;
  // '?city=douala' is Douala's agenda: a known city's key or any spelling reads as its name.
  const cityKey = cityKeyOf(query.city);
  const city = cityKey ? CAMEROON_CITIES[cityKey].name : query.city || undefined;
  const [{ cards, total }, cities, siteName] = await Promise.all([
    tooDeep
      ? { cards: [], total: 0 }
      : listAgenda(deps.db, {
          q: query.q || undefined,
          city,
          category: query.category === 'all' ? undefined : query.category,
          range: agendaRange(query.date, now),
          page: query.page,
          limit: AGENDA_PAGE_SIZE,
        }),
    deps.agendaCities(now),
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
  // Promoted events of this city (or all of Cameroon) at the top, then one in five cards at most;
  // a promoted event listed on this page anyway moves up rather than showing twice.
  const sponsored = await deps.sponsored({ placement: 'agenda', city, limit: sponsoredSlots(cards.length) });
  const placed = placeSponsored(cards, sponsored);
  const listed = placed.map(({ card, campaignId }) => cardHtml(card, 'h2', campaignId));
  const filtered = Boolean(query.q || query.city || query.category !== 'all' || query.date !== 'all');
  const cityOptions = city && !cities.includes(city) ? [city, ...cities] : cities;
  const body = html`<h1>Agenda des évènements</h1>
<p class="muted">Concerts, festivals, conférences et rencontres près de chez vous, partout au Cameroun.</p>
<form class="filters" method="get" action="/evenements" role="search" aria-label="Filtrer les évènements">
<div><label for="f-q">Rechercher</label><input id="f-q" name="q" type="search" value="${query.q ?? ''}" placeholder="Titre, lieu, description…"></div>
<div><label for="f-city">Ville</label><select id="f-city" name="city"><option value="">Toutes les villes</option>${cityOptions.map(
    (option) => html`<option value="${option}"${city === option ? html` selected` : ''}>${option}</option>`,
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
${nearMeSectionHtml()}
<p class="muted" role="status">${countText}${filtered ? html`${countText ? ' · ' : ''}<a href="/evenements">Effacer les filtres</a>` : ''}</p>
${
  tooDeep
    ? html`<p>${PAGE_TOO_DEEP}</p><p><a href="${agendaHref(query, 1)}">Revenir à la première page</a></p>`
    : cards.length === 0
      ? html`<p>${filtered ? AGENDA_NO_MATCH : AGENDA_NOTHING_AHEAD}</p>`
      : html`<ul class="cards">${listed}</ul>`
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
    image: defaultImage(deps, siteName),
    ogType: 'website',
    siteName,
    // Filtered views are not indexed, but their links (the events) are followed.
    robots: filtered ? 'noindex, follow' : undefined,
  };
  return page(
    meta,
    body,
    placed.some(({ campaignId }) => campaignId) ? [NEAR_ME_SCRIPT_PATH, ADS_SCRIPT_PATH] : [NEAR_ME_SCRIPT_PATH],
  );
}
