import { Fragment, useMemo } from 'react';
import { splitLinks } from './split-links';

/**
 * A message as text (never HTML): line breaks kept, long words broken, http(s) addresses as links
 * that open apart from the back office and pass it nothing.
 */
export function MessageText({ text, linkClassName }: { text: string; linkClassName: string }) {
  const parts = useMemo(() => splitLinks(text), [text]);
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className={linkClassName}>
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
