import type { ReactNode } from 'react';

/**
 * An event's cover in a list card: its card copy, 96×72 and lazy (the class sets its size on
 * screen), or `fallback` for an event without image.
 */
export function CardImage({
  cover,
  className,
  fallback = null,
}: {
  cover: { cardUrl: string } | null;
  className: string;
  fallback?: ReactNode;
}) {
  if (!cover) return <>{fallback}</>;
  return <img src={cover.cardUrl} alt="" width={96} height={72} loading="lazy" className={className} />;
}
