import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createEvent, request, saveEventSettings, signedIn, testAppForFile } from '../../../test/helper';
import { events } from '../../db/schema/index';
import { shiftedByWeeks } from './my-events.service';

/** 'Mes évènements' (issue 27 item 1, decision 037): tabs with counts, duplicate, limits. */
const testApp = testAppForFile(buildTestApp);

async function mine(as: Awaited<ReturnType<typeof signedIn>>, tab: string) {
  const response = await request(testApp.app, 'GET', `/api/events/mine?tab=${tab}&limit=50`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: { _id: string; title: string; cover: unknown }[];
    total: number;
    counts: Record<string, number>;
  };
}

async function withImage(as: Awaited<ReturnType<typeof signedIn>>, id: string) {
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .png()
    .toBuffer();
  const boundary = '----my-events-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/events/${id}/images`,
    headers: { authorization: `Bearer ${as.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /events/mine', () => {
  it('puts every event of the organiser in one tab, with the counts of all tabs, and nobody else’s', async () => {
    await saveEventSettings(testApp.app, { requireApproval: false, maxEventsPerUser: 100 });
    const organiser = await signedIn(testApp.app);
    const other = await signedIn(testApp.app);
    await createEvent(testApp.app, other, { title: 'Pas à moi' }, 'draft');
    const draft = await createEvent(testApp.app, organiser, { title: 'Brouillon du mardi' }, 'draft');
    await withImage(organiser, draft._id);
    const coming = await createEvent(testApp.app, organiser, { title: 'Concert à venir' }, 'published');
    const ended = await createEvent(testApp.app, organiser, { title: 'Concert passé' }, 'published');
    await testApp.app.db
      .update(events)
      .set({ startDateTime: new Date('2020-01-01T18:00:00Z'), endDateTime: new Date('2020-01-01T22:00:00Z') })
      .where(eq(events.id, ended._id));
    const cancelled = await createEvent(testApp.app, organiser, { title: 'Concert annulé' }, 'cancelled');

    const drafts = await mine(organiser, 'drafts');
    expect(drafts.counts).toEqual({ drafts: 1, published: 1, pending: 0, past: 1, cancelled: 1 });
    expect(drafts.items.map((item) => item.title)).toEqual(['Brouillon du mardi']);
    expect(drafts.items[0]?.cover).toMatchObject({ cardUrl: expect.stringMatching(/^\/api\/uploads\//) });
    expect(drafts.total).toBe(1);
    expect((await mine(organiser, 'published')).items.map((item) => item._id)).toEqual([coming._id]);
    expect((await mine(organiser, 'past')).items.map((item) => item._id)).toEqual([ended._id]);
    expect((await mine(organiser, 'cancelled')).items.map((item) => item._id)).toEqual([cancelled._id]);
    expect((await mine(organiser, 'pending')).items).toEqual([]);
  });

  it("with 'Approbation requise', a draft waits once submitted ('Publier') until it is refused; refused or never submitted, it is a Brouillon", async () => {
    await saveEventSettings(testApp.app, { requireApproval: true, maxEventsPerUser: 100 });
    try {
      const organiser = await signedIn(testApp.app);
      const notSubmitted = await createEvent(testApp.app, organiser, { title: 'Pas encore envoyé' }, 'draft');
      const waiting = await createEvent(testApp.app, organiser, { title: 'En attente' }, 'draft');
      const refused = await createEvent(testApp.app, organiser, { title: 'Refusé' }, 'draft');
      for (const event of [waiting, refused]) {
        const submitted = await request(testApp.app, 'PUT', `/api/events/${event._id}/publish`, organiser);
        expect(submitted.statusCode, submitted.body).toBe(200);
      }
      await testApp.app.db
        .update(events)
        .set({ refusedAt: sql`${events.submittedForApprovalAt} + interval '1 second'`, refusalReason: 'Photo floue' })
        .where(eq(events.id, refused._id));
      const pending = await mine(organiser, 'pending');
      expect(pending.counts).toMatchObject({ drafts: 2, pending: 1 });
      expect(pending.items.map((item) => item._id)).toEqual([waiting._id]);
      expect((await mine(organiser, 'drafts')).items.map((item) => item._id).sort()).toEqual(
        [notSubmitted._id, refused._id].sort(),
      );
      // Submitted again after the refusal: back in the queue and in the tab.
      expect((await request(testApp.app, 'PUT', `/api/events/${refused._id}/publish`, organiser)).statusCode).toBe(200);
      expect((await mine(organiser, 'pending')).counts).toMatchObject({ drafts: 1, pending: 2 });
    } finally {
      await saveEventSettings(testApp.app, { requireApproval: false });
    }
  });

  it('refuses anonymous callers and unknown tabs', async () => {
    expect((await request(testApp.app, 'GET', '/api/events/mine')).statusCode).toBe(401);
    const organiser = await signedIn(testApp.app);
    const response = await request(testApp.app, 'GET', '/api/events/mine?tab=tous', organiser);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Onglet inconnu');
  });
});

describe('POST /events/:id/duplicate', () => {
  it('copies fields, tickets and images into a new draft a whole number of weeks later', async () => {
    await saveEventSettings(testApp.app, { requireApproval: false, maxEventsPerUser: 100 });
    const organiser = await signedIn(testApp.app);
    const source = await createEvent(
      testApp.app,
      organiser,
      {
        title: 'Soirée salsa du jeudi',
        ticketTypes: [{ name: 'Entrée', price: 2000, quantity: 80 }],
        location: { address: 'Rue de la Joie', city: 'Douala', coordinates: { latitude: 4.05, longitude: 9.7 } },
      },
      'published',
    );
    await withImage(organiser, source._id);
    const response = await request(testApp.app, 'POST', `/api/events/${source._id}/duplicate`, organiser);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json().event;
    expect(copy._id).not.toBe(source._id);
    expect(copy).toMatchObject({
      title: 'Soirée salsa du jeudi',
      status: 'draft',
      location: { address: 'Rue de la Joie', city: 'Douala', coordinates: { latitude: 4.05, longitude: 9.7 } },
      ticketTypes: [{ name: 'Entrée', price: 2000, quantity: 80 }],
    });
    expect(copy.images).toHaveLength(1);
    // 2099-06-12 18:00 (+01:00) is in the future: one week later.
    expect(copy.startDateTime).toBe('2099-06-19T17:00:00.000Z');
    expect(copy.endDateTime).toBe('2099-06-19T22:00:00.000Z');
    expect((await mine(organiser, 'drafts')).counts.drafts).toBe(1);
  });

  it("answers 404 for someone else's event, published or not, and for an unknown one", async () => {
    const organiser = await signedIn(testApp.app);
    const stranger = await signedIn(testApp.app);
    const published = await createEvent(testApp.app, organiser, { title: 'Public' }, 'published');
    const draft = await createEvent(testApp.app, organiser, { title: 'Privé' }, 'draft');
    for (const id of [published._id, draft._id, '00000000-0000-4000-8000-000000000000']) {
      const response = await request(testApp.app, 'POST', `/api/events/${id}/duplicate`, stranger);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe('Événement introuvable');
    }
    expect((await mine(stranger, 'drafts')).counts.drafts).toBe(0);
  });

  it('counts toward maxEventsPerUser with the API’s French message', async () => {
    const organiser = await signedIn(testApp.app);
    await saveEventSettings(testApp.app, { maxEventsPerUser: 1 });
    try {
      const source = await createEvent(testApp.app, organiser, { title: 'Unique' }, 'draft');
      const response = await request(testApp.app, 'POST', `/api/events/${source._id}/duplicate`, organiser);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Vous avez atteint la limite de 1 événements par utilisateur');
    } finally {
      await saveEventSettings(testApp.app, { maxEventsPerUser: 100 });
    }
  });
});

describe('shiftedByWeeks', () => {
  it('moves a past weekly event to its next occurrence after now, keeping the weekday, time and length', () => {
    const now = new Date('2026-11-26T20:00:00Z');
    const { start, end } = shiftedByWeeks(new Date('2026-11-05T18:00:00Z'), new Date('2026-11-05T21:00:00Z'), now);
    expect(start.toISOString()).toBe('2026-12-03T18:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-03T21:00:00.000Z');
  });
});
