import { html, type SafeHtml } from './html';
import { type PageMeta, page } from './layout';

/** One numbered section of a legal page: its anchor, its title and its paragraphs. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

/** What a legal page shows from the settings. */
export interface LegalValues {
  siteName: string;
  contactEmail: string;
  supportPhone: string;
  publicUrl: string;
}

export interface LegalPage {
  /** Its address, `/terms`. */
  path: string;
  title: string;
  /** The title in the browser's tab and in shares, when shorter than `title`. */
  shortTitle?: string;
  description: string;
  /** 'Dernière mise à jour : …'. */
  updated: string;
  /** A paragraph before the table of contents, if any. */
  intro?: SafeHtml | string;
  sections: readonly LegalSection[];
  /** The last section's first paragraph, above the support contact of the settings. */
  contactText: string;
  /** The links under the page. */
  links: SafeHtml;
}

/** The support contact of the settings, or where to find it when there is none. */
function contactOf(values: LegalValues): SafeHtml {
  if (!values.contactEmail && !values.supportPhone) {
    return html`<p>Nos coordonnées figurent en bas de la <a href="/#contact">page d’accueil</a>.</p>`;
  }
  return html`<ul>${values.contactEmail ? html`<li>E-mail : <a href="mailto:${values.contactEmail}">${values.contactEmail}</a></li>` : ''}${
    values.supportPhone
      ? html`<li>Téléphone : <a href="tel:${values.supportPhone.replace(/[^\d+]/g, '')}">${values.supportPhone}</a></li>`
      : ''
  }</ul>`;
}

/**
 * A legal page rendered on the server so it shows without JavaScript (decision 027): its title,
 * a table of contents, the numbered sections, then a last section 'Contact' with the support
 * contact of the settings.
 */
export function renderLegalPage(values: LegalValues, legal: LegalPage): string {
  const contactTitle = `${legal.sections.length + 1}. Contact`;
  const contents = [...legal.sections, { id: 'contact', title: contactTitle }];
  const body = html`<article class="terms">
<h1>${legal.title}</h1>
<p class="muted">Dernière mise à jour : ${legal.updated}</p>
${legal.intro === undefined ? '' : html`<p>${legal.intro}</p>\n`}<nav aria-labelledby="sommaire-title" class="toc"><h2 id="sommaire-title">Sommaire</h2><ol>${contents.map(
    (section) => html`<li><a href="#${section.id}">${section.title}</a></li>`,
  )}</ol></nav>
${legal.sections.map(
  (section) => html`<section id="${section.id}" aria-labelledby="${section.id}-title">
<h2 id="${section.id}-title">${section.title}</h2>
${section.paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
</section>`,
)}
<section id="contact" aria-labelledby="contact-title">
<h2 id="contact-title">${contactTitle}</h2>
<p>${legal.contactText}</p>
${contactOf(values)}
</section>
<p>${legal.links}</p>
</article>`;
  const meta: PageMeta = {
    title: `${legal.shortTitle ?? legal.title} — ${values.siteName}`,
    description: legal.description,
    canonical: `${values.publicUrl}${legal.path}`,
    url: `${values.publicUrl}${legal.path}`,
    image: { url: `${values.publicUrl}/og-image.png`, width: 1200, height: 630, type: 'image/png', alt: values.siteName },
    ogType: 'website',
    siteName: values.siteName,
  };
  return page(meta, body);
}
