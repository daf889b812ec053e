import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { type Identity, request, signedIn, testAppForFile } from '../../../test/helper';
import { eventImages, eventParticipations, events } from '../../db/schema/index';

const testApp = testAppForFile(buildTestApp);
const NOW = Date.now();
const DAY = 86_400_000;

/** A published event organised by `organiser`, starting in `days` days (negative: over). */
async function eventIn(organiser: Identity, days: number, values: Partial<typeof events.$inferInsert> = {}) {
  const start = new Date(NOW + days * DAY);
  const [row] = await testApp.app.db
    .insert(events)
    .values({
      title: `Soirée à J${days >= 0 ? '+' : ''}${days}`,
      description: 'Une soirée.',
      startDateTime: start,
      endDateTime: new Date(start.getTime() + 3 * 3600_000),
      address: 'Rue de la Joie',
      city: 'Douala',
      category: 'concert',
      status: 'published',
      organizerId: organiser.user.id,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no event');
  return row;
}

async function takePart(person: Identity, eventId: string, joinedAt = new Date()) {
  await testApp.app.db.insert(eventParticipations).values({ eventId, userId: person.user.id, createdAt: joinedAt });
}

async function participations(as: Identity | undefined, query = '') {
  return request(testApp.app, 'GET', `/api/users/me/participations${query}`, as);
}

describe('GET /api/users/me/participations (Mes participations)', () => {
  it('lists the events to come soonest first and those over latest first, with what a participant may open', async () => {
    const organiser = await signedIn(testApp.app);
    const person = await signedIn(testApp.app);
    const someoneElse = await signedIn(testApp.app);
    const inTenDays = await eventIn(organiser, 10);
    const tomorrow = await eventIn(organiser, 1);
    const privateOne = await eventIn(organiser, 5, { isPublic: false, title: 'Anniversaire privé' });
    const cancelled = await eventIn(organiser, 3, { status: 'cancelled', cancelledAt: new Date() });
    const lastWeek = await eventIn(organiser, -7);
    const lastMonth = await eventIn(organiser, -30);
    const backToDraft = await eventIn(organiser, 2, { status: 'draft' });
    const notMine = await eventIn(organiser, 4);
    for (const event of [inTenDays, tomorrow, privateOne, cancelled, lastWeek, lastMonth, backToDraft]) {
      await takePart(person, event.id);
    }
    await takePart(someoneElse, notMine.id);

    const upcoming = await participations(person);
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    const list = upcoming.json();
    expect(list.items.map((item: { event: { _id: string } }) => item.event._id)).toEqual([
      tomorrow.id,
      cancelled.id,
      privateOne.id,
      inTenDays.id,
    ]);
    expect(list.hasMore).toBe(false);
    const byId = Object.fromEntries(list.items.map((item: { event: { _id: string } }) => [item.event._id, item.event]));
    expect(byId[cancelled.id].cancelled).toBe(true);
    expect(byId[tomorrow.id].cancelled).toBe(false);
    expect(byId[tomorrow.id].publicPath).toBe(`/evenements/soiree-a-j-1-${tomorrow.shortId}`);
    expect(byId[tomorrow.id].calendarPath).toBe(`/evenements/soiree-a-j-1-${tomorrow.shortId}/calendrier.ics`);
    // A participant opens the private page with its share link, which the server then accepts.
    expect(byId[privateOne.id].publicPath).toBe(
      `/evenements/anniversaire-prive-${privateOne.shortId}?t=${privateOne.shareToken}`,
    );
    const privatePage = await testApp.app.inject({ method: 'GET', url: byId[privateOne.id].publicPath });
    expect(privatePage.statusCode).toBe(200);
    expect(privatePage.body).toContain('Anniversaire privé');

    const past = (await participations(person, '?period=past')).json();
    expect(past.items.map((item: { event: { _id: string } }) => item.event._id)).toEqual([lastWeek.id, lastMonth.id]);

    // Only the caller's own.
    const theirs = (await participations(someoneElse)).json();
    expect(theirs.items.map((item: { event: { _id: string } }) => item.event._id)).toEqual([notMine.id]);
  });

  it('pages by ten and says when more follow', async () => {
    const organiser = await signedIn(testApp.app);
    const person = await signedIn(testApp.app);
    const created = [];
    for (let day = 1; day <= 12; day++) created.push(await eventIn(organiser, day));
    for (const event of created) await takePart(person, event.id);

    const first = (await participations(person, '?page=1')).json();
    expect(first.items).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const second = (await participations(person, '?page=2')).json();
    expect(second.items.map((item: { event: { _id: string } }) => item.event._id)).toEqual(
      created.slice(10).map((event) => event.id),
    );
    expect(second.hasMore).toBe(false);
  });

  it('shows the cover image, refuses a stranger and a bad period', async () => {
    const organiser = await signedIn(testApp.app);
    const person = await signedIn(testApp.app);
    const event = await eventIn(organiser, 6);
    await takePart(person, event.id);
    const plain = (await participations(person)).json();
    expect(plain.items[0].event.cover).toBeNull();
    await testApp.app.db.insert(eventImages).values([
      {
        eventId: event.id,
        position: 1,
        cardKey: 'events/second-card.webp',
        detailKey: 'events/second.webp',
        width: 640,
        height: 480,
      },
      {
        eventId: event.id,
        position: 0,
        cardKey: 'events/first-card.webp',
        detailKey: 'events/first.webp',
        width: 640,
        height: 360,
      },
    ]);
    const withImages = (await participations(person)).json();
    expect(withImages.items[0].event.cover).toEqual({ url: '/api/uploads/events/first-card.webp', width: 640, height: 360 });

    expect((await participations(undefined)).statusCode).toBe(401);
    const bad = await participations(person, '?period=demain');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors?.period ?? bad.json().message).toBeTruthy();
    await testApp.app.db.delete(events).where(eq(events.id, event.id));
    expect((await participations(person)).json().items).toEqual([]);
  });
});
