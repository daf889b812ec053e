import {
  BUSINESS_PAGE_MESSAGES,
  type BusinessPage,
  type BusinessPageAdminDetail,
  type BusinessPageDetail,
  type BusinessPageStatusChange,
} from '@app/shared/business-pages';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { assertCanActForPartner } from '../partners/partners.service';
import {
  attachEvent,
  type BusinessPageWithNames,
  detachEvent,
  findBusinessPage,
  findEventOwnership,
  findOwnerContact,
  insertBusinessPage,
  listBusinessPages,
  listPageEvents,
  listStatusHistory,
  setBusinessPageActive,
} from './business-pages.repository';

/*
 * Business event pages. The back office lists them and (de)activates them with
 * `manage_business`. Any signed-in account creates its own page (free; for a partner only if it
 * acts for that partner) and attaches its own events, or, on a partner's page, the partner's events.
 * A page is read and changed by its owner or by `manage_business`; to anyone else it does not exist.
 */

export interface BusinessPagesDeps {
  db: Database;
}

function canManage(actor: SessionUser): boolean {
  return actor.permissions.includes('manage_business');
}

export function businessPageView(row: BusinessPageWithNames): BusinessPage {
  return {
    _id: row.id,
    name: row.name,
    owner: { _id: row.ownerId, username: row.ownerUsername },
    partner: row.partnerId && row.partnerName !== null ? { _id: row.partnerId, name: row.partnerName } : null,
    subscription: row.subscription,
    eventsCount: row.eventsCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listBusinessPagesFor(
  deps: BusinessPagesDeps,
  query: { q?: string; page: number; limit: number },
): Promise<{ items: BusinessPage[]; total: number }> {
  const { rows, total } = await listBusinessPages(deps.db, query);
  return { items: rows.map(businessPageView), total };
}

async function detail(deps: BusinessPagesDeps, id: string): Promise<BusinessPageDetail> {
  const row = await findBusinessPage(deps.db, id);
  if (!row) throw notFound(BUSINESS_PAGE_MESSAGES.notFound);
  const pageEvents = await listPageEvents(deps.db, id);
  return {
    ...businessPageView(row),
    events: pageEvents.map((event) => ({
      _id: event.id,
      title: event.title,
      startDateTime: event.startDateTime.toISOString(),
      status: event.status,
    })),
  };
}

/** How many of a page's events the back office's panel lists (the latest by start). */
const ADMIN_DETAIL_EVENTS = 20;

const STATUS_CHANGE_OF: Record<string, BusinessPageStatusChange> = {
  'business_page.create': 'created',
  'business_page.activate': 'activated',
  'business_page.deactivate': 'deactivated',
};

/**
 * The back office's detail panel (`manage_business`, checked by the route): the owner with its
 * names and contact, the subscription, the latest events and the status history from the audit
 * log (decision 030).
 */
export async function getBusinessPageAdminDetail(deps: BusinessPagesDeps, id: string): Promise<BusinessPageAdminDetail> {
  const row = await findBusinessPage(deps.db, id);
  if (!row) throw notFound(BUSINESS_PAGE_MESSAGES.notFound);
  // One after the other: a request holds one connection at a time.
  const contact = row.ownerId ? await findOwnerContact(deps.db, row.ownerId) : null;
  const pageEvents = await listPageEvents(deps.db, id, ADMIN_DETAIL_EVENTS);
  const history = await listStatusHistory(deps.db, id);
  const view = businessPageView(row);
  return {
    ...view,
    owner: {
      ...view.owner,
      firstName: contact?.firstName ?? null,
      lastName: contact?.lastName ?? null,
      email: contact?.email ?? null,
      phone: contact?.phone ?? null,
    },
    events: pageEvents.map((event) => ({
      _id: event.id,
      title: event.title,
      startDateTime: event.startDateTime.toISOString(),
      status: event.status,
    })),
    statusHistory: history.flatMap((entry) => {
      const change = STATUS_CHANGE_OF[entry.action];
      if (!change) return [];
      const name = `${entry.actorFirstName ?? ''} ${entry.actorLastName ?? ''}`.trim() || entry.actorUsername || null;
      return [
        {
          change,
          at: entry.createdAt.toISOString(),
          actor: entry.actorId && name ? { _id: entry.actorId, name } : null,
        },
      ];
    }),
  };
}

/** The page if the actor owns it or holds `manage_business`; 404 otherwise. */
async function loadVisible(deps: BusinessPagesDeps, actor: SessionUser, id: string): Promise<BusinessPageWithNames> {
  const row = await findBusinessPage(deps.db, id);
  if (!row || (!canManage(actor) && row.ownerId !== actor.id)) throw notFound(BUSINESS_PAGE_MESSAGES.notFound);
  return row;
}

export async function getBusinessPageFor(deps: BusinessPagesDeps, actor: SessionUser, id: string): Promise<BusinessPageDetail> {
  await loadVisible(deps, actor, id);
  return detail(deps, id);
}

export async function createBusinessPage(
  deps: BusinessPagesDeps,
  actor: SessionUser,
  input: { name: string; partnerId?: string },
): Promise<BusinessPageDetail> {
  const row = await deps.db.transaction(async (tx) => {
    if (input.partnerId) await assertCanActForPartner(tx, actor.id, input.partnerId);
    const inserted = await insertBusinessPage(tx, {
      name: input.name,
      ownerId: actor.id,
      partnerId: input.partnerId ?? null,
      subscription: 'free',
      isActive: true,
    });
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'business_page.create',
        targetType: 'business_page',
        targetId: inserted.id,
        after: { name: inserted.name, partnerId: inserted.partnerId },
      },
    });
    return inserted;
  });
  return detail(deps, row.id);
}

/** activate / deactivate (`manage_business`); asking for the current state changes nothing. */
export async function setBusinessPageState(
  deps: BusinessPagesDeps,
  actor: SessionUser,
  id: string,
  action: 'activate' | 'deactivate',
): Promise<BusinessPageDetail> {
  const existing = await findBusinessPage(deps.db, id);
  if (!existing) throw notFound(BUSINESS_PAGE_MESSAGES.notFound);
  const isActive = action === 'activate';
  if (existing.isActive !== isActive) {
    await deps.db.transaction(async (tx) => {
      const row = await setBusinessPageActive(tx, id, isActive);
      if (!row) throw notFound(BUSINESS_PAGE_MESSAGES.notFound);
      await recordWrite(tx, {
        audit: {
          actorId: actor.id,
          action: `business_page.${action}`,
          targetType: 'business_page',
          targetId: id,
          before: { isActive: existing.isActive },
          after: { isActive },
        },
      });
    });
  }
  return detail(deps, id);
}

/**
 * Attaches an event the owner organised, or, on a partner's page, an event of that partner while
 * the owner still acts for it.
 */
export async function attachEventFor(
  deps: BusinessPagesDeps,
  actor: SessionUser,
  id: string,
  eventId: string,
): Promise<BusinessPageDetail> {
  const page = await loadVisible(deps, actor, id);
  const event = await findEventOwnership(deps.db, eventId);
  if (!event) throw notFound(BUSINESS_PAGE_MESSAGES.eventNotFound);
  const ownEvent = event.organizerId === page.ownerId && page.ownerId !== null;
  const partnerEvent = page.partnerId !== null && event.partnerId === page.partnerId;
  if (!ownEvent && !partnerEvent) {
    throw new AppError('NOT_OWNER', BUSINESS_PAGE_MESSAGES.eventNotYours, {
      eventId: [BUSINESS_PAGE_MESSAGES.eventNotYours],
    });
  }
  await deps.db.transaction(async (tx) => {
    if (partnerEvent && !ownEvent && !canManage(actor) && page.partnerId)
      await assertCanActForPartner(tx, actor.id, page.partnerId);
    if (!(await attachEvent(tx, id, eventId))) throw conflict(BUSINESS_PAGE_MESSAGES.eventAlreadyAttached);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'business_page.event.add',
        targetType: 'business_page',
        targetId: id,
        after: { eventId },
      },
    });
  });
  return detail(deps, id);
}

export async function detachEventFor(
  deps: BusinessPagesDeps,
  actor: SessionUser,
  id: string,
  eventId: string,
): Promise<BusinessPageDetail> {
  await loadVisible(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    if (!(await detachEvent(tx, id, eventId))) throw notFound(BUSINESS_PAGE_MESSAGES.eventNotFound);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'business_page.event.remove',
        targetType: 'business_page',
        targetId: id,
        before: { eventId },
      },
    });
  });
  return detail(deps, id);
}
