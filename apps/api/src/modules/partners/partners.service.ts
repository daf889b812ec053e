import type { FastifyBaseLogger } from 'fastify';
import {
  type AuthorizedUser,
  type CreatePartnerBody,
  type ListPartnersQuery,
  PARTNER_MESSAGES,
  type PartnerAction,
  type PartnerActivity,
  type PartnerDetail,
  type PartnerSummary,
  type UpdatePartnerBody,
} from '@app/shared/partners';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { searchable } from '../../lib/text';
import { type PartnerActivity as PartnerActivityRecord, recordWrite } from '../audit/record-write';
import { findUserByIdentifier } from '../auth/auth.repository';
import type { SessionUser } from '../auth/session.service';
import { type DetailImage, processLogo } from '../uploads/image-processing';
import { newImageKeys, type UploadStorage, uploadUrl } from '../uploads/uploads.storage';
import {
  countPartnerEvents,
  deletePartnerUser,
  emailTakenByOther,
  findPartner,
  insertPartner,
  insertPartnerUser,
  listActivities,
  listAuthorizedUsers,
  listPartners,
  listPartnersOfUser,
  type PartnerInsert,
  type PartnerRow,
  partnerStatusForUser,
  statusIs,
  updatePartner,
  updatePartnerIf,
  verifiedIs,
} from './partners.repository';
import { isUniqueViolation } from '../../lib/db-errors';

/*
 * Partners (businesses and individuals), managed with `manage_partners` (the routes declare it).
 * Status: new partners are pending and not verified; verifying a pending partner makes it active;
 * active ↔ blocked by block / unblock; un-verifying only removes the badge. Every change writes
 * an audit row and a partner activity in the same transaction. Authorised users act for the
 * partner (create events on its behalf, then change them) while they are listed and the partner
 * is not blocked: `partnerRefusal` is checked on every such request, so removal or blocking takes
 * effect at once.
 */

export interface PartnersDeps {
  db: Database;
  storage: UploadStorage;
  log: FastifyBaseLogger;
}

type ListQuery = Required<Pick<ListPartnersQuery, 'status' | 'type' | 'verification'>> & {
  q?: string;
  page: number;
  limit: number;
};

export function partnerView(row: PartnerRow): PartnerSummary {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    email: row.email,
    phone: row.phone,
    website: row.website,
    logo: row.logo ? uploadUrl(row.logo) : null,
    status: row.status,
    isVerified: row.isVerified,
    description: row.description,
    location: { address: row.address },
    createdAt: row.createdAt.toISOString(),
    lastActivity: row.lastActivity ? row.lastActivity.toISOString() : null,
  };
}

function snapshot(row: PartnerRow) {
  return {
    name: row.name,
    type: row.type,
    email: row.email,
    phone: row.phone,
    website: row.website,
    status: row.status,
    isVerified: row.isVerified,
    address: row.address,
    description: row.description,
    logo: row.logo,
  };
}

function searchTextOf(row: Pick<PartnerRow, 'name' | 'email' | 'phone'>): string {
  // The phone is searchable as stored (+2376…) and without its country code (6…).
  const local = row.phone?.startsWith('+237') ? row.phone.slice(4) : null;
  return searchable(row.name, row.email, row.phone, local);
}

const emailTaken = () =>
  new AppError('PARTNER_EMAIL_TAKEN', PARTNER_MESSAGES.emailTaken, { email: [PARTNER_MESSAGES.emailTaken] });

async function loadPartner(db: Database, id: string): Promise<PartnerRow> {
  const row = await findPartner(db, id);
  if (!row) throw notFound(PARTNER_MESSAGES.notFound);
  return row;
}

export async function listPartnersFor(deps: PartnersDeps, query: ListQuery): Promise<{ items: PartnerSummary[]; total: number }> {
  const { rows, total } = await listPartners(deps.db, query);
  return { items: rows.map(partnerView), total };
}

export async function getPartnerDetail(deps: PartnersDeps, id: string): Promise<PartnerDetail> {
  const row = await loadPartner(deps.db, id);
  return detailOf(deps, row);
}

async function detailOf(deps: PartnersDeps, row: PartnerRow): Promise<PartnerDetail> {
  const [authorized, eventsCount, activities] = await Promise.all([
    listAuthorizedUsers(deps.db, row.id),
    countPartnerEvents(deps.db, row.id),
    listActivities(deps.db, row.id),
  ]);
  return {
    ...partnerView(row),
    authorizedUsers: authorized.map(
      (user): AuthorizedUser => ({
        _id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        email: user.email,
        phone: user.phone,
        avatar: user.avatar,
        isBlocked: user.isBlocked,
        addedAt: user.addedAt.toISOString(),
      }),
    ),
    eventsCount,
    recentActivity: activities.map(
      (activity): PartnerActivity => ({
        _id: activity.id,
        type: activity.type,
        description: activity.description,
        date: activity.createdAt.toISOString(),
        actorName: activity.actorName,
      }),
    ),
  };
}

export async function createPartner(deps: PartnersDeps, actor: SessionUser, input: CreatePartnerBody): Promise<PartnerDetail> {
  const values: PartnerInsert = {
    name: input.name,
    type: input.type,
    email: input.email,
    phone: input.phone ?? null,
    website: input.website ?? null,
    description: input.description ?? null,
    address: input.address ?? null,
    status: 'pending',
    isVerified: false,
    searchText: searchTextOf({ name: input.name, email: input.email, phone: input.phone ?? null }),
  };
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertPartner(tx, values);
    if (!inserted) throw emailTaken();
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'partner.create',
        targetType: 'partner',
        targetId: inserted.id,
        after: snapshot(inserted),
      },
      partnerActivity: { partnerId: inserted.id, actorId: actor.id, type: 'create', description: 'Partenaire créé' },
    });
    return inserted;
  });
  return getPartnerDetail(deps, row.id);
}

export async function updatePartnerFor(
  deps: PartnersDeps,
  actor: SessionUser,
  id: string,
  input: UpdatePartnerBody,
): Promise<PartnerDetail> {
  const existing = await loadPartner(deps.db, id);
  if (input.email && input.email !== existing.email && (await emailTakenByOther(deps.db, input.email, id))) throw emailTaken();
  const next = {
    name: input.name ?? existing.name,
    email: input.email ?? existing.email,
    phone: input.phone === undefined ? existing.phone : input.phone,
  };
  const values: Partial<PartnerInsert> = {
    ...next,
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
    searchText: searchTextOf(next),
  };
  await deps.db.transaction(async (tx) => {
    let row: PartnerRow | null;
    try {
      row = await updatePartner(tx, id, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    if (!row) throw notFound(PARTNER_MESSAGES.notFound);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'partner.update',
        targetType: 'partner',
        targetId: id,
        before: snapshot(existing),
        after: snapshot(row),
      },
      partnerActivity: { partnerId: id, actorId: actor.id, type: 'update', description: 'Informations modifiées' },
    });
  });
  return getPartnerDetail(deps, id);
}

const ACTIONS: Record<
  PartnerAction,
  { from: () => ReturnType<typeof statusIs>; set: (row: PartnerRow) => Partial<PartnerInsert>; refused: string; activity: string }
> = {
  block: {
    from: () => statusIs('active'),
    set: () => ({ status: 'blocked' }),
    refused: 'Seul un partenaire actif peut être bloqué',
    activity: 'Partenaire bloqué',
  },
  unblock: {
    from: () => statusIs('blocked'),
    set: () => ({ status: 'active' }),
    refused: 'Seul un partenaire bloqué peut être débloqué',
    activity: 'Partenaire débloqué',
  },
  verify: {
    from: () => verifiedIs(false),
    // A pending partner becomes active once verified; a blocked one stays blocked.
    set: (row) => ({ isVerified: true, ...(row.status === 'pending' ? { status: 'active' as const } : {}) }),
    refused: 'Ce partenaire est déjà vérifié',
    activity: 'Partenaire vérifié',
  },
  unverify: {
    from: () => verifiedIs(true),
    set: () => ({ isVerified: false }),
    refused: 'Ce partenaire n’est pas vérifié',
    activity: 'Vérification retirée',
  },
};

/** block / unblock and verify / unverify; a move from the wrong state answers 409. */
export async function changePartnerState(
  deps: PartnersDeps,
  actor: SessionUser,
  id: string,
  action: PartnerAction,
): Promise<PartnerDetail> {
  const existing = await loadPartner(deps.db, id);
  const rule = ACTIONS[action];
  await deps.db.transaction(async (tx) => {
    const row = await updatePartnerIf(tx, id, rule.from(), rule.set(existing));
    if (!row) throw conflict(rule.refused);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: `partner.${action}`,
        targetType: 'partner',
        targetId: id,
        before: { status: existing.status, isVerified: existing.isVerified },
        after: { status: row.status, isVerified: row.isVerified },
      },
      partnerActivity: { partnerId: id, actorId: actor.id, type: action, description: rule.activity },
    });
  });
  return getPartnerDetail(deps, id);
}

/** Checks the image by its content, re-encodes it to WebP (the events' pipeline, one copy) and stores it. */
export async function setPartnerLogo(
  deps: PartnersDeps,
  actor: SessionUser,
  id: string,
  file: { name: string; data: Buffer },
): Promise<PartnerDetail> {
  const existing = await loadPartner(deps.db, id);
  let image: DetailImage;
  try {
    image = await processLogo(file.data, file.name);
  } catch (error) {
    if (error instanceof AppError) throw badRequest(error.message, { logo: [error.message] });
    throw error;
  }
  // One file, the 'detail' variant: the whole logo (fit inside 1600 px, never enlarged).
  const key = newImageKeys().detail;
  await deps.storage.put(key, image.detail);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await updatePartner(tx, id, { logo: key });
      if (!row) throw notFound(PARTNER_MESSAGES.notFound);
      await recordWrite(tx, {
        audit: {
          actorId: actor.id,
          action: 'partner.logo',
          targetType: 'partner',
          targetId: id,
          before: { logo: existing.logo },
          after: { logo: key },
        },
        partnerActivity: { partnerId: id, actorId: actor.id, type: 'logo', description: 'Logo mis à jour' },
      });
    });
  } catch (error) {
    await deps.storage.remove([key]).catch(() => {});
    throw error;
  }
  if (existing.logo) await removeStored(deps, existing.logo);
  return getPartnerDetail(deps, id);
}

export async function removePartnerLogo(deps: PartnersDeps, actor: SessionUser, id: string): Promise<PartnerDetail> {
  const existing = await loadPartner(deps.db, id);
  if (!existing.logo) throw conflict('Ce partenaire n’a pas de logo');
  await deps.db.transaction(async (tx) => {
    await updatePartner(tx, id, { logo: null });
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'partner.logo.remove',
        targetType: 'partner',
        targetId: id,
        before: { logo: existing.logo },
      },
      partnerActivity: { partnerId: id, actorId: actor.id, type: 'logo', description: 'Logo retiré' },
    });
  });
  await removeStored(deps, existing.logo);
  return getPartnerDetail(deps, id);
}

async function removeStored(deps: PartnersDeps, key: string): Promise<void> {
  await deps.storage.remove([key]).catch((error: unknown) => deps.log.warn({ err: error, key }, 'partner logo not removed'));
}

function displayName(user: { firstName: string; lastName: string; username: string | null; email: string | null }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username || user.email || 'Compte';
}

/**
 * Adds an existing, unblocked account (by verified e-mail, verified phone or username) as an
 * authorised user: an unverified contact finds no account (decision 021).
 */
export async function addAuthorizedUser(
  deps: PartnersDeps,
  actor: SessionUser,
  partnerId: string,
  identifier: string,
): Promise<PartnerDetail> {
  await loadPartner(deps.db, partnerId);
  const account = await findUserByIdentifier(deps.db, identifier);
  if (!account) {
    throw new AppError('ACCOUNT_NOT_FOUND', PARTNER_MESSAGES.accountNotFound, {
      identifier: [PARTNER_MESSAGES.accountNotFound],
    });
  }
  if (account.isBlocked) {
    throw new AppError('USER_BLOCKED', PARTNER_MESSAGES.accountBlocked, {
      identifier: [PARTNER_MESSAGES.accountBlocked],
    });
  }
  await deps.db.transaction(async (tx) => {
    if (!(await insertPartnerUser(tx, partnerId, account.id, actor.id))) {
      throw new AppError('ALREADY_AUTHORIZED', PARTNER_MESSAGES.alreadyAuthorized, {
        identifier: [PARTNER_MESSAGES.alreadyAuthorized],
      });
    }
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'partner.user.add',
        targetType: 'partner',
        targetId: partnerId,
        after: { userId: account.id },
      },
      partnerActivity: {
        partnerId,
        actorId: actor.id,
        type: 'user_add',
        description: `Utilisateur autorisé ajouté : ${displayName(account)}`,
      },
    });
  });
  return getPartnerDetail(deps, partnerId);
}

export async function removeAuthorizedUser(
  deps: PartnersDeps,
  actor: SessionUser,
  partnerId: string,
  userId: string,
): Promise<PartnerDetail> {
  await loadPartner(deps.db, partnerId);
  const listed = (await listAuthorizedUsers(deps.db, partnerId)).find((user) => user.id === userId);
  await deps.db.transaction(async (tx) => {
    if (!listed || !(await deletePartnerUser(tx, partnerId, userId))) {
      throw new AppError('NOT_AUTHORIZED_USER', PARTNER_MESSAGES.notAuthorizedUser);
    }
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'partner.user.remove',
        targetType: 'partner',
        targetId: partnerId,
        before: { userId },
      },
      partnerActivity: {
        partnerId,
        actorId: actor.id,
        type: 'user_remove',
        description: `Utilisateur autorisé retiré : ${displayName(listed)}`,
      },
    });
  });
  return getPartnerDetail(deps, partnerId);
}

/**
 * The one check for acting on behalf of a partner (event creation, every change to a partner's
 * event, business pages): the account must be one of its authorised users and the partner must
 * not be blocked. Answers why not (403, the same for an unknown partner as for one the account
 * does not belong to), or null when it may act; run on every request, so a removal or a block
 * takes effect at once (issue 24, finding 5).
 */
export async function partnerRefusal(
  db: Parameters<typeof partnerStatusForUser>[0],
  userId: string,
  partnerId: string,
): Promise<AppError | null> {
  const status = await partnerStatusForUser(db, partnerId, userId);
  if (status === null) {
    return new AppError('NOT_PARTNER_USER', PARTNER_MESSAGES.notPartnerUser, {
      partnerId: [PARTNER_MESSAGES.notPartnerUser],
    });
  }
  if (status === 'blocked') {
    return new AppError('PARTNER_BLOCKED', PARTNER_MESSAGES.partnerBlocked, {
      partnerId: [PARTNER_MESSAGES.partnerBlocked],
    });
  }
  return null;
}

/** `partnerRefusal` as a guard: throws its 403. */
export async function assertCanActForPartner(
  db: Parameters<typeof partnerStatusForUser>[0],
  userId: string,
  partnerId: string,
): Promise<void> {
  const refusal = await partnerRefusal(db, userId, partnerId);
  if (refusal) throw refusal;
}

/** The partner's activity line of an event created on its behalf, recorded by the events module in its transaction. */
export function partnerEventCreated(entry: { partnerId: string; actorId: string; title: string }): PartnerActivityRecord {
  return { partnerId: entry.partnerId, actorId: entry.actorId, type: 'event', description: `Événement créé : ${entry.title}` };
}

/** `GET /partners/mine`: the partners the caller may act for. */
export async function listMyPartners(db: Database, userId: string) {
  const rows = await listPartnersOfUser(db, userId);
  return rows.map((row) => {
    const view = partnerView(row);
    return { _id: view._id, name: view.name, type: view.type, logo: view.logo, status: view.status, isVerified: view.isVerified };
  });
}
