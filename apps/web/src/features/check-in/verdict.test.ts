import { describe, expect, it } from 'vitest';
import type { DoorScan } from './door-logic';
import { verdictOf } from './verdict';

const scan = (overrides: Partial<DoorScan>): DoorScan => ({
  scanId: '00000000-0000-4000-8000-000000000001',
  ticket: 'EVT1.a.b',
  scannedAt: '2026-12-12T18:50:00.000Z',
  local: 'valid',
  ticketId: '11111111-1111-4111-8111-111111111111',
  name: 'Awa Tchoumi',
  localAdmittedAt: null,
  server: null,
  ...overrides,
});

describe('what the door shows for a scan', () => {
  it('says Valide, or Déjà scanné at the first admission in Douala time (UTC+1)', () => {
    expect(verdictOf(scan({}), 'fr')).toMatchObject({ outcome: 'valid', text: 'Valide', detail: null, vibration: 80 });
    const already = scan({ local: 'already', localAdmittedAt: '2026-12-12T18:42:00.000Z' });
    expect(verdictOf(already, 'fr').text).toBe('Déjà scanné à 19:42');
    expect(verdictOf(already, 'en').text).toBe('Already scanned at 19:42');
  });

  it('says Billet inconnu for anything else, with the long buzz', () => {
    const unknown = verdictOf(scan({ local: 'unknown', ticketId: null, name: null }), 'fr');
    expect(unknown).toMatchObject({ outcome: 'unknown', text: 'Billet inconnu' });
    expect(Array.isArray(unknown.vibration)).toBe(true);
  });

  it('after the sync, a ticket the phone let in but the server had admitted at another door is a double scan, with that time', () => {
    const double = scan({ server: { status: 'already', admittedAt: '2026-12-12T18:45:00.000Z', name: 'Awa Tchoumi' } });
    expect(verdictOf(double, 'fr')).toMatchObject({
      outcome: 'double',
      text: 'Double scan',
      detail: 'Admis aussi ailleurs à 19:45',
    });
    expect(verdictOf(double, 'en').detail).toBe('Also admitted elsewhere at 19:45');
  });
});
