import { createHash } from 'node:crypto';

/**
 * Plain escaped HTML templates for the server-rendered public pages (decision 011): every value
 * put into `html`…`` is escaped unless it is itself the result of `html` (or `raw`).
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup (built here, never from user input). */
export function raw(value: string): SafeHtml {
  return new SafeHtml(value);
}

/** JSON safe inside a <script> element (JSON-LD). */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * A description as paragraphs: text escaped, line breaks kept, http(s) links clickable (opened
 * with rel="nofollow ugc noopener"); nothing else becomes markup.
 */
export function richText(text: string): SafeHtml {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return html`${paragraphs.map((paragraph) => html`<p>${linkify(paragraph)}</p>`)}`;
}

function linkify(text: string): SafeHtml {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    parts.push(withBreaks(text.slice(last, index)));
    const url = match[0];
    parts.push(html`<a href="${url}" rel="nofollow ugc noopener" target="_blank">${url}</a>`);
    last = index + url.length;
  }
  parts.push(withBreaks(text.slice(last)));
  return html`${parts}`;
}

function withBreaks(text: string): SafeHtml {
  return raw(
    text
      .split('\n')
      .map((line) => escapeHtml(line))
      .join('<br>'),
  );
}

/**
 * A script's address that changes with its content (`{path}?v={hash}`), so that the script can be
 * served as immutable and a new version is fetched as soon as the page names it.
 */
export function versionedPath(path: string, content: string): string {
  return `${path}?v=${createHash('sha256').update(content).digest('hex').slice(0, 10)}`;
}
