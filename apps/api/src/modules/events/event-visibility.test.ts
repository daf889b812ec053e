import { describe, expect, it } from 'vitest';
import type { EventStatus } from '@app/shared/events';
import { PERMISSIONS } from '@app/shared/permissions';
import {
  type EventSight,
  eventSight,
  holdsShareToken,
  listVisibility,
  managesEvents,
  privilegedOver,
  type Viewer,
} from './event-visibility';

const TOKEN = 'Jt4b0q2mZ9xV7cK1sLw8RdYp3nHfGa5e';
const ORGANISER = '11111111-1111-4111-8111-111111111111';

/** The callers of the table (docs/decisions/032). */
const viewers = {
  anonymous: null,
  someone: { id: '22222222-2222-4222-8222-222222222222', permissions: [] },
  organiser: { id: ORGANISER, permissions: [] },
  eventManager: { id: '33333333-3333-4333-8333-333333333333', permissions: ['manage_events'] },
  otherAdmin: { id: '44444444-4444-4444-8444-444444444444', permissions: ['manage_users', 'manage_partners'] },
  superadmin: { id: '55555555-5555-4555-8555-555555555555', permissions: [...PERMISSIONS] },
} satisfies Record<string, Viewer>;
type Who = keyof typeof viewers;

function sight(status: EventStatus, isPublic: boolean, who: Who, extra: { token?: string; participates?: boolean } = {}) {
  const viewer = viewers[who];
  const event = { status, isPublic, organizerId: ORGANISER, shareToken: TOKEN };
  return eventSight(event, { privileged: privilegedOver(viewer, event), ...extra });
}

describe('who sees an event', () => {
  // [status, public, caller, with the share token, takes part, what they get]
  const table: [EventStatus, boolean, Who, boolean, boolean, EventSight][] = [
    // A draft: its organiser and event managers only, whatever the link or a participation.
    ['draft', true, 'anonymous', false, false, 'draft'],
    ['draft', true, 'someone', false, false, 'draft'],
    ['draft', false, 'someone', true, false, 'draft'],
    ['draft', true, 'someone', true, true, 'draft'],
    ['draft', true, 'otherAdmin', false, false, 'draft'],
    ['draft', true, 'organiser', false, false, 'visible'],
    ['draft', false, 'organiser', false, false, 'visible'],
    ['draft', true, 'eventManager', false, false, 'visible'],
    ['draft', false, 'superadmin', false, false, 'visible'],
    // Published and public: everyone.
    ['published', true, 'anonymous', false, false, 'visible'],
    ['published', true, 'someone', false, false, 'visible'],
    ['published', true, 'otherAdmin', false, false, 'visible'],
    // Published and private: the link, a participation, the organiser, event managers.
    ['published', false, 'anonymous', false, false, 'private'],
    ['published', false, 'someone', false, false, 'private'],
    ['published', false, 'otherAdmin', false, false, 'private'],
    ['published', false, 'anonymous', true, false, 'visible'],
    ['published', false, 'someone', true, false, 'visible'],
    ['published', false, 'someone', false, true, 'visible'],
    ['published', false, 'organiser', false, false, 'visible'],
    ['published', false, 'eventManager', false, false, 'visible'],
    ['published', false, 'superadmin', false, false, 'visible'],
    // Cancelled: seen as a published one (what may be done with it is each feature's rule).
    ['cancelled', true, 'anonymous', false, false, 'visible'],
    ['cancelled', false, 'anonymous', false, false, 'private'],
    ['cancelled', false, 'anonymous', true, false, 'visible'],
    ['cancelled', false, 'someone', false, true, 'visible'],
    ['cancelled', false, 'organiser', false, false, 'visible'],
    ['cancelled', false, 'eventManager', false, false, 'visible'],
  ];
  it.each(table)('%s, public %s, %s (token %s, takes part %s): %s', (status, isPublic, who, token, participates, expected) => {
    expect(sight(status, isPublic, who, { ...(token ? { token: TOKEN } : {}), participates })).toBe(expected);
  });

  it('takes only the current token, compared whole: a wrong, longer, shorter or empty one is no link', () => {
    for (const token of [`${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toLowerCase(), '', 'wrong']) {
      expect(sight('published', false, 'anonymous', { token })).toBe('private');
    }
    expect(holdsShareToken(TOKEN, TOKEN)).toBe(true);
    expect(holdsShareToken(TOKEN, undefined)).toBe(false);
    expect(holdsShareToken(TOKEN, null)).toBe(false);
  });

  it('lets the events API narrow who is privileged (an organiser who no longer acts for the partner)', () => {
    const event = { status: 'draft' as const, isPublic: false, shareToken: TOKEN };
    expect(eventSight(event, { privileged: false })).toBe('draft');
    expect(eventSight({ ...event, status: 'published' }, { privileged: false })).toBe('private');
    expect(eventSight({ ...event, status: 'published' }, { privileged: false, token: TOKEN })).toBe('visible');
  });

  it('knows event managers by `manage_events`, and the organiser by id', () => {
    expect(managesEvents(viewers.eventManager)).toBe(true);
    expect(managesEvents(viewers.superadmin)).toBe(true);
    expect(managesEvents(viewers.otherAdmin)).toBe(false);
    expect(managesEvents(null)).toBe(false);
    expect(privilegedOver(viewers.organiser, { organizerId: ORGANISER })).toBe(true);
    expect(privilegedOver(viewers.someone, { organizerId: ORGANISER })).toBe(false);
    expect(privilegedOver(null, { organizerId: null })).toBe(false);
    expect(privilegedOver(viewers.someone, { organizerId: null })).toBe(false);
  });
});

describe('which events a list shows', () => {
  it.each([
    ['anonymous', false, { kind: 'public' }],
    ['anonymous', true, { kind: 'public' }],
    ['someone', false, { kind: 'public' }],
    ['someone', true, { kind: 'organizer', organizerId: viewers.someone.id }],
    ['otherAdmin', false, { kind: 'public' }],
    ['eventManager', false, { kind: 'all' }],
    ['eventManager', true, { kind: 'organizer', organizerId: viewers.eventManager.id }],
    ['superadmin', false, { kind: 'all' }],
  ] as const)('%s, mine %s: %o', (who, mine, expected) => {
    expect(listVisibility(viewers[who], { mine })).toEqual(expected);
  });
});
