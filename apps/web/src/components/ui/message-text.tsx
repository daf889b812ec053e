import { Fragment } from 'react';

/** http(s) addresses in a message, up to the first space or closing bracket-like character. */
const LINK = /https?:\/\/[^\s<>"')\]]+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?]+$/;

export type MessagePart = { text: string } | { href: string };

/** Splits a message into plain text and http(s) links; everything else stays text. */
export function splitLinks(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A message written by someone: shown as text (never as HTML), its lines kept, its links
 * clickable and opened apart, without passing the page's address or standing for it.
 */
export function MessageText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={`whitespace-pre-wrap break-words ${className}`}>
      {splitLinks(text).map((part, index) =>
        'href' in part ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline underline-offset-2"
          >
            {part.href}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
