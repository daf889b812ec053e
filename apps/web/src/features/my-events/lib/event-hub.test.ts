import { CANCELLATION_MESSAGE_MAX } from '@app/shared/events';
import { describe, expect, it } from 'vitest';
import {
  CANCEL_MESSAGE_MAX,
  cancelMessageProblem,
  hubActions,
  hubStatus,
  participantsOverMax,
  publicAddress,
  qrFileName,
  sharedAddress,
  whatsappHref,
  withSource,
} from './event-hub';

const NOW = new Date('2026-11-26T12:00:00Z');
const COMING = '2026-12-01T22:00:00Z';
const ENDED = '2026-11-20T22:00:00Z';

const event = (
  status: 'draft' | 'published' | 'cancelled',
  endDateTime = COMING,
  approvalState: 'submitted' | 'refused' | null = null,
) => ({
  status,
  endDateTime,
  approvalState,
});

describe('hubStatus: where the event stands, as the badge says it', () => {
  it.each([
    [event('draft'), 'draft'],
    [event('draft', COMING, 'submitted'), 'pending'],
    [event('draft', COMING, 'refused'), 'refused'],
    [event('published'), 'published'],
    [event('published', ENDED), 'past'],
    [event('cancelled'), 'cancelled'],
    // Cancelled wins over ended, as in the tabs of 'Mes évènements'.
    [event('cancelled', ENDED), 'cancelled'],
  ] as const)('%o → %s', (input, expected) => {
    expect(hubStatus(input, NOW)).toBe(expected);
  });

  it('treats a missing approvalState (older answers) as a plain draft', () => {
    expect(hubStatus({ status: 'draft', endDateTime: COMING }, NOW)).toBe('draft');
  });
});

describe('hubActions: what the hub offers', () => {
  it('a draft: publish and edit, no cancel', () => {
    expect(hubActions(event('draft'), NOW)).toEqual({ publish: true, cancel: false, edit: true });
  });
  it('a draft waiting for approval: no second publish (the API would answer 409)', () => {
    expect(hubActions(event('draft', COMING, 'submitted'), NOW).publish).toBe(false);
  });
  it('a refused draft: publish again (a new submission)', () => {
    expect(hubActions(event('draft', COMING, 'refused'), NOW).publish).toBe(true);
  });
  it('a draft that has already ended: nothing to publish', () => {
    expect(hubActions(event('draft', ENDED), NOW).publish).toBe(false);
  });
  it('a published event: cancel and edit', () => {
    expect(hubActions(event('published'), NOW)).toEqual({ publish: false, cancel: true, edit: true });
  });
  it('a past event: no cancel', () => {
    expect(hubActions(event('published', ENDED), NOW).cancel).toBe(false);
  });
  it('a cancelled event: neither publish, cancel nor edit', () => {
    expect(hubActions(event('cancelled'), NOW)).toEqual({ publish: false, cancel: false, edit: false });
  });
});

describe('the addresses the event is shared by', () => {
  const publicEvent = {
    isPublic: true,
    publicPath: '/evenements/nuit-du-bikutsi-a1b2c3d4',
    shareUrl: 'https://evenements.example.cm/evenements/nuit-du-bikutsi-a1b2c3d4?t=Tok_en-42',
  };
  const privateEvent = { ...publicEvent, isPublic: false };

  it('the public address is the server’s PUBLIC_URL and path, never the token', () => {
    expect(publicAddress(publicEvent, 'http://localhost:5173')).toBe(
      'https://evenements.example.cm/evenements/nuit-du-bikutsi-a1b2c3d4',
    );
    expect(publicAddress(privateEvent, 'http://localhost:5173')).not.toContain('Tok_en');
  });
  it('without a share link in the answer, this page’s origin', () => {
    expect(publicAddress({ ...publicEvent, shareUrl: undefined }, 'http://localhost:5173/')).toBe(
      'http://localhost:5173/evenements/nuit-du-bikutsi-a1b2c3d4',
    );
  });
  it('a public event is shared by its public address, a private one by its share link', () => {
    expect(sharedAddress(publicEvent, 'http://x')).toBe('https://evenements.example.cm/evenements/nuit-du-bikutsi-a1b2c3d4');
    expect(sharedAddress(privateEvent, 'http://x')).toBe(privateEvent.shareUrl);
  });
  it('adds src= to an address, keeping its token', () => {
    expect(withSource(publicAddress(publicEvent, 'http://x'), 'whatsapp')).toBe(
      'https://evenements.example.cm/evenements/nuit-du-bikutsi-a1b2c3d4?src=whatsapp',
    );
    expect(withSource(privateEvent.shareUrl, 'whatsapp')).toBe(`${privateEvent.shareUrl}&src=whatsapp`);
  });
  it('the WhatsApp link: wa.me with the text and the address marked src=whatsapp, all encoded', () => {
    const href = whatsappHref('Nuit du Bikutsi — samedi 12 décembre, Yaoundé.', privateEvent.shareUrl);
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = new URL(href).searchParams.get('text');
    expect(text).toBe(`Nuit du Bikutsi — samedi 12 décembre, Yaoundé. ${privateEvent.shareUrl}&src=whatsapp`);
  });
  it('names the QR files after the page', () => {
    expect(qrFileName(publicEvent, 'png')).toBe('qr-nuit-du-bikutsi-a1b2c3d4.png');
    expect(qrFileName(publicEvent, 'svg')).toBe('qr-nuit-du-bikutsi-a1b2c3d4.svg');
  });
});

describe('the cancellation message', () => {
  it('has the API’s limit', () => {
    expect(CANCEL_MESSAGE_MAX).toBe(CANCELLATION_MESSAGE_MAX);
  });
  it('may be empty or up to 500 characters once trimmed, not more', () => {
    expect(cancelMessageProblem('')).toBeNull();
    expect(cancelMessageProblem('x'.repeat(500))).toBeNull();
    expect(cancelMessageProblem(`  ${'x'.repeat(500)}  `)).toBeNull();
    expect(cancelMessageProblem('x'.repeat(501))).toBe('tooLong');
  });
});

describe('participants over the maximum', () => {
  it('shows the maximum, or ∞ without one (older events)', () => {
    expect(participantsOverMax('12', '100')).toBe('12 / 100');
    expect(participantsOverMax('0', null)).toBe('0 / ∞');
  });
});
