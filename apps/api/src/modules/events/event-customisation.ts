import {
  type AccentColor,
  type CoverLayout,
  type EventCustomisation,
  SHORT_ADDRESS_MESSAGES,
  SHORT_ADDRESS_PREFIX,
  type ShortAddressAvailability,
  shortAddressProblem,
} from '@app/shared/events';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { assertPremium, premiumShownFor } from '../premium/premium-policy';
import { type EventInsert, type EventRow, findShortAddressHolder } from './events.repository';

/*
 * The advanced customisation of an event's public page (issue 28 item 1, decision 056): written
 * only by an account with premium (or an event manager, premium-policy.ts), shown only while the
 * organiser's premium is active, kept when it ends.
 */

type CustomisationInput = {
  accentColor?: AccentColor | null;
  coverLayout?: CoverLayout | null;
  shortAddress?: string | null;
};

export const shortAddressTaken = () =>
  new AppError('SHORT_ADDRESS_TAKEN', SHORT_ADDRESS_MESSAGES.taken, { shortAddress: [SHORT_ADDRESS_MESSAGES.taken] });

/**
 * The columns a create or an update writes for the customisation fields it was given. Setting one
 * needs premium (403 PREMIUM_REQUIRED, nothing stored); removing one (null) does not, so an
 * organiser whose premium ended can free their short address. A short address held by another
 * event is refused here (409); two at the same moment are settled by the unique index (writeOrTaken).
 */
export async function customisationValues(
  db: Database,
  actor: SessionUser,
  input: CustomisationInput,
  eventId?: string,
): Promise<Partial<EventInsert>> {
  const { accentColor, coverLayout, shortAddress } = input;
  if ([accentColor, coverLayout, shortAddress].some((value) => value !== undefined && value !== null)) {
    await assertPremium(db, actor);
  }
  if (shortAddress && (await findShortAddressHolder(db, shortAddress, eventId))) throw shortAddressTaken();
  return {
    ...(accentColor !== undefined ? { accentColor } : {}),
    ...(coverLayout !== undefined ? { coverLayout } : {}),
    ...(shortAddress !== undefined ? { shortAddress } : {}),
  };
}

/** Runs a write that may set a short address: the unique index's refusal (a race lost) is 409 SHORT_ADDRESS_TAKEN. */
export async function writeOrTaken<T>(settingShortAddress: boolean, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (settingShortAddress && isUniqueViolation(error)) throw shortAddressTaken();
    throw error;
  }
}

/** Whether an event has any customisation stored (else nothing to ask about its organiser). */
export function isCustomised(row: Pick<EventRow, 'accentColor' | 'coverLayout' | 'shortAddress'>): boolean {
  return row.accentColor !== null || row.coverLayout !== null || row.shortAddress !== null;
}

/** Whether the public page shows the event's customisation now: stored, and its organiser's premium active. */
export async function customisationShown(
  db: Database,
  row: Pick<EventRow, 'accentColor' | 'coverLayout' | 'shortAddress' | 'organizerId'>,
  now = new Date(),
): Promise<boolean> {
  return isCustomised(row) && premiumShownFor(db, row.organizerId, now);
}

export function shortAddressPath(address: string): string {
  return `${SHORT_ADDRESS_PREFIX}${address}`;
}

/** The customisation as the API answers it. */
export function customisationView(
  row: Pick<EventRow, 'accentColor' | 'coverLayout' | 'shortAddress'>,
  shown: boolean,
  publicUrl: string,
): EventCustomisation {
  return {
    accentColor: (row.accentColor as AccentColor | null) ?? null,
    coverLayout: (row.coverLayout as CoverLayout | null) ?? null,
    shortAddress: row.shortAddress,
    shown,
    shortUrl: shown && row.shortAddress ? `${publicUrl.replace(/\/+$/, '')}${shortAddressPath(row.shortAddress)}` : null,
  };
}

/** `GET /events/short-addresses/{address}`: whether it can be taken (by `eventId`, when given). */
export async function shortAddressAvailability(db: Database, typed: string, eventId?: string): Promise<ShortAddressAvailability> {
  const address = typed.trim().toLowerCase();
  const problem = shortAddressProblem(address);
  if (problem) return { address, available: false, message: problem };
  if (await findShortAddressHolder(db, address, eventId))
    return { address, available: false, message: SHORT_ADDRESS_MESSAGES.taken };
  return { address, available: true, message: SHORT_ADDRESS_MESSAGES.available };
}
