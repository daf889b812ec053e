import type { AdPlacement } from '@app/shared/ads';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { UploadStorage } from '../uploads/uploads.storage';
import type { PreviewStore } from './previews';
import type { PublicCard } from './public-pages.repository';

/** What the public pages use. */
export interface PublicPagesDeps {
  db: Database;
  /** The site's public address, without a trailing slash. */
  publicUrl: string;
  siteName: () => Promise<string>;
  storage: UploadStorage;
  previews: PreviewStore;
  log: FastifyBaseLogger;
  /** The cities with an upcoming public event, for the agenda's filter (listAgendaCities). */
  agendaCities: (now: Date) => Promise<string[]>;
  /** Promoted cards for a placement and city ('Publicités', decision 068). */
  sponsored: (request: {
    placement: AdPlacement;
    city?: string | null;
    exclude?: Iterable<string>;
    limit: number;
  }) => Promise<{ campaignId: string; card: PublicCard }[]>;
}

/** The absolute address of a path of this site. */
export function absolute(deps: PublicPagesDeps, path: string): string {
  return `${deps.publicUrl}${path}`;
}

const DEFAULT_IMAGE = { path: '/og-image.png', width: 1200, height: 630, type: 'image/png' };

/** The share image of a page that has none of its own (the agenda, a missing event). */
export function defaultImage(deps: PublicPagesDeps, alt: string) {
  return { url: absolute(deps, DEFAULT_IMAGE.path), ...DEFAULT_IMAGE, alt };
}
