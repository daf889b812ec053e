import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { TtlCache } from '../../lib/ttl-cache';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../uploads/image-processing';
import type { UploadStorage } from '../uploads/uploads.storage';

/** A stream's bytes, in one buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The share previews of this server instance (decision 022): each is made once, in the image
 * queue, and kept in the upload storage (disk or S3) under its key; concurrent requests for one
 * key share one read or one render. `render` answers null when there is nothing to cut from (the
 * event image's file is missing).
 */
export class PreviewStore {
  /** How many previews this instance has made (tests). */
  renders = 0;
  /** Nothing kept (TTL 0, the storage keeps them): only the reads and renders under way are shared. */
  private readonly underWay = new TtlCache<Buffer | null>('previews', 0);

  constructor(private readonly storage: UploadStorage) {}

  get(key: string, render: () => Promise<Buffer | null>): Promise<Buffer | null> {
    return this.underWay.get(key, async () => {
      const stored = await this.storage.open(key);
      if (stored) return readAll(stored.stream);
      this.renders += 1;
      const jpeg = await render();
      if (jpeg) await this.storage.put(key, jpeg);
      return jpeg;
    });
  }
}

/** What the preview of an event without image shows. */
export interface CardText {
  siteName: string;
  title: string;
  /** The start in French, Douala time ('Samedi 12 juin 2027 à 18 h'). */
  when: string;
  city: string;
}

/** Bump when the drawing changes: every card is drawn again under new keys. */
const CARD_VERSION = 1;

/** 16 hex characters naming one version of the card's text (a new title, date or city: a new card). */
export function cardFingerprint(text: CardText): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_VERSION, text.siteName, text.title, text.when, text.city]))
    .digest('hex')
    .slice(0, 16);
}

function allowedInXml(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 0xfffe && code !== 0xffff);
}

/** XML text: escaped, and without the characters XML 1.0 forbids. */
function xmlText(value: string): string {
  return value
    .split('')
    .filter((char) => allowedInXml(char.charCodeAt(0)))
    .join('')
    .replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

/** A character's advance in DejaVu Sans Bold, in em (an estimate on the wide side). */
function advance(char: string): number {
  if (/[iljtfr.,;:!'’|()[\]\s]/.test(char)) return 0.4;
  if (/[mwMW]/.test(char)) return 1.0;
  if (/[A-Z0-9ÀÂÄÉÈÊËÎÏÔÖÙÛÜÇ]/.test(char)) return 0.78;
  return 0.66;
}

function width(text: string, size: number): number {
  let total = 0;
  for (const char of text) total += advance(char);
  return total * size;
}

/** Words cut into at most `lines` lines of `max` px, the last one ending in '…' when cut short. */
export function wrap(text: string, size: number, max: number, lines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (width(next, size) <= max) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = word;
    while (width(line, size) > max) {
      // A word longer than the line: cut it.
      let cut = line.length - 1;
      while (cut > 1 && width(line.slice(0, cut), size) > max) cut -= 1;
      out.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  let last = `${kept[lines - 1]}…`;
  while (width(last, size) > max && last.length > 2) last = `${last.slice(0, -2).trimEnd()}…`;
  kept[lines - 1] = last;
  return kept;
}

const FONT = ['DejaVu Sans', 'Liberation Sans', 'Arial', 'sans-serif'].join(', ');
const MARGIN = 70;

/**
 * The 1200×630 preview of an event without image: the site's mark and name, the title (up to
 * three lines), the date and the city, on the site's green. Every text is escaped.
 */
export function cardSvg(text: CardText): string {
  const max = PREVIEW_WIDTH - 2 * MARGIN;
  let size = 64;
  let lines = wrap(text.title, size, max, 2);
  if (lines.join(' ').length < text.title.trim().length) {
    size = 52;
    lines = wrap(text.title, size, max, 3);
  }
  const lineHeight = Math.round(size * 1.2);
  const titleTop = 250;
  const titleLines = lines
    .map((line, i) => `<tspan x="${MARGIN}" y="${titleTop + i * lineHeight}">${xmlText(line)}</tspan>`)
    .join('');
  const afterTitle = titleTop + (lines.length - 1) * lineHeight;
  const whenY = Math.max(afterTitle + 100, 470);
  const [siteName] = wrap(text.siteName, 34, max - 130, 1);
  const [when] = wrap(text.when, 36, max, 1);
  const [city] = wrap(text.city, 36, max, 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="#0f766e"/>
<g transform="translate(${MARGIN},56)"><rect width="96" height="96" rx="21" fill="#fff"/><path d="M27 30h42v9H37.5v9h27v9h-27v9H69v9H27z" fill="#0f766e"/></g>
<text x="${MARGIN + 120}" y="116" font-family="${FONT}" font-weight="bold" font-size="34" fill="#fff">${xmlText(siteName ?? '')}</text>
<text font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#fff">${titleLines}</text>
<text x="${MARGIN}" y="${whenY}" font-family="${FONT}" font-size="36" fill="#fde68a">${xmlText(when ?? '')}</text>
<text x="${MARGIN}" y="${whenY + 60}" font-family="${FONT}" font-size="36" fill="#ccfbf1">${xmlText(city ?? '')}</text>
</svg>`;
}
