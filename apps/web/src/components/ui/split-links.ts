/** A piece of a message: plain text, or an http(s) link found in it. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address ('voir https://a.cm.'). */
const TRAILING = /[.,;:!?'’»)\]]+$/;

/** Cuts the trailing punctuation off a found address, keeping a closing bracket it opened ('…/Foo_(bar)'). */
function trimAddress(found: string): string {
  let address = found;
  for (let trailing = TRAILING.exec(address); trailing; trailing = TRAILING.exec(address)) {
    const last = address.at(-1);
    const opened = (address.match(/\(/g) ?? []).length;
    const closed = (address.match(/\)/g) ?? []).length;
    if (last === ')' && opened >= closed) break;
    address = address.slice(0, -1);
  }
  return address;
}

/** The address as a safe link target, or null when it is no valid http(s) address. */
function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A message's text split into plain text and its http(s) links, to show as React text and
 * anchors (never as HTML): everything else stays text, character for character.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let textStart = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    if (!href || address.length <= match[0].indexOf('//') + 2) continue;
    const start = match.index;
    if (start > textStart) parts.push({ kind: 'text', text: text.slice(textStart, start) });
    parts.push({ kind: 'link', text: address, href });
    textStart = start + address.length;
  }
  if (textStart < text.length) parts.push({ kind: 'text', text: text.slice(textStart) });
  return parts;
}
