import { SPONSORED_LABEL } from '@app/shared/ads';
import { EVENT_CATEGORY_LABELS, type EventCategory } from '@app/shared/events';
import { eventPublicPath } from '../events/event-paths';
import { uploadUrl } from '../uploads/uploads.storage';
import { frenchShortDateTime, priceFrom } from './format';
import { html, type SafeHtml } from './html';
import type { PublicCard } from './public-pages.repository';

/** The French label of an event category ('concert' → 'Concert'), the key itself when unknown. */
export function categoryLabel(category: string): string {
  return EVENT_CATEGORY_LABELS[category as EventCategory] ?? category;
}

/**
 * An event's card in a list (the agenda, the next events in the city of an event page); a
 * promoted one (`campaignId`) is marked 'Sponsorisé' and counted by ADS_SCRIPT.
 */
export function cardHtml(card: PublicCard, headingLevel: 'h2' | 'h3' = 'h3', campaignId?: string): SafeHtml {
  const href = eventPublicPath(card);
  const title = html`<a href="${href}">${card.title}</a>`;
  return html`<li class="card"${campaignId ? html` data-ad="${campaignId}"` : ''}>
${
  card.cover
    ? html`<img src="${uploadUrl(card.cover.cardKey)}" alt="" width="640" height="480" loading="lazy" decoding="async">`
    : html`<div class="ph" aria-hidden="true"></div>`
}
<div class="b">${campaignId ? html`<span class="tag ad">${SPONSORED_LABEL}</span> ` : ''}<span class="tag">${categoryLabel(card.category)}</span>
${headingLevel === 'h2' ? html`<h2>${title}</h2>` : html`<h3>${title}</h3>`}
<p class="muted"><time datetime="${card.startDateTime.toISOString()}">${frenchShortDateTime(card.startDateTime)}</time> · ${card.city}</p>
<p class="muted">${card.address}</p>
<p class="price">${priceFrom(card.prices)}</p></div></li>`;
}
