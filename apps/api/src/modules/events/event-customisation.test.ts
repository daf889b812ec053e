import { ACCENT_COLORS, RESERVED_SHORT_ADDRESSES, SHORT_ADDRESS_MESSAGES, shortAddressProblem } from '@app/shared/events';
import { PREMIUM_REQUIRED_MESSAGE } from '@app/shared/premium';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createEvent, eventInput, type Identity, request, signedIn, testAppForFile, unique } from '../../../test/helper';
import { events, users } from '../../db/schema/index';

/*
 * The advanced customisation of an event page (issue 28 item 1, decision 056): the premium gate on
 * create and update (freemium 403 and nothing stored; premium and manage_events pass), the short
 * address's rules, uniqueness and race, `/e/{address}`, and the default look once premium ended.
 */

const testApp = testAppForFile(buildTestApp);
const DAY = 86_400_000;

async function setPremium(userId: string, premiumUntil: Date | null) {
  await testApp.app.db.update(users).set({ plan: 'premium', premiumUntil }).where(eq(users.id, userId));
}

async function premiumOrganiser(): Promise<Identity> {
  const identity = await signedIn(testApp.app);
  await setPremium(identity.user.id, new Date(Date.now() + 30 * DAY));
  return identity;
}

async function stored(id: string) {
  const [row] = await testApp.app.db
    .select({ accentColor: events.accentColor, coverLayout: events.coverLayout, shortAddress: events.shortAddress })
    .from(events)
    .where(eq(events.id, id));
  return row;
}

const put = (id: string, as: Identity, body: unknown) => request(testApp.app, 'PUT', `/api/events/${id}`, as, body);
const page = (url: string) => testApp.app.inject({ method: 'GET', url });
const address = () => unique('gala-').toLowerCase();

/** WCAG relative luminance and contrast ratio. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
}

describe('the palette', () => {
  it('keeps WCAG AA contrast (4.5:1) for every colour: white on the buttons, the text on white and on its soft background', () => {
    expect(Object.keys(ACCENT_COLORS).length).toBeGreaterThanOrEqual(6);
    for (const [id, { main, dark, soft }] of Object.entries(ACCENT_COLORS)) {
      expect(contrast('#ffffff', main), `${id} button`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark, '#ffffff'), `${id} text`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark, soft), `${id} tag`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the short address rules', () => {
  it('refuses each bad form with its French message', () => {
    expect(shortAddressProblem('ab')).toBe(SHORT_ADDRESS_MESSAGES.tooShort);
    expect(shortAddressProblem('a'.repeat(41))).toBe(SHORT_ADDRESS_MESSAGES.tooLong);
    expect(shortAddressProblem('a'.repeat(40))).toBeNull();
    expect(shortAddressProblem('gala_2026')).toBe(SHORT_ADDRESS_MESSAGES.characters);
    expect(shortAddressProblem('gala-é')).toBe(SHORT_ADDRESS_MESSAGES.characters);
    expect(shortAddressProblem('-gala')).toBe(SHORT_ADDRESS_MESSAGES.hyphens);
    expect(shortAddressProblem('gala-')).toBe(SHORT_ADDRESS_MESSAGES.hyphens);
    expect(shortAddressProblem('ga--la')).toBe(SHORT_ADDRESS_MESSAGES.hyphens);
    for (const word of ['admin', 'api', 'evenements', 'mon-compte', 'emulateurs', 'premium']) {
      expect(RESERVED_SHORT_ADDRESSES).toContain(word);
      expect(shortAddressProblem(word)).toBe(SHORT_ADDRESS_MESSAGES.reserved);
    }
    expect(shortAddressProblem('mon-gala-2026')).toBeNull();
  });
});

describe('the premium gate on create and update', () => {
  it('refuses a freemium organiser with 403 PREMIUM_REQUIRED and stores nothing', async () => {
    const organiser = await signedIn(testApp.app);
    const created = await request(testApp.app, 'POST', '/api/events', organiser, eventInput({ accentColor: 'blue' }));
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: PREMIUM_REQUIRED_MESSAGE });
    const [count] = await testApp.app.db.select({ id: events.id }).from(events).where(eq(events.organizerId, organiser.user.id));
    expect(count).toBeUndefined();

    const event = await createEvent(testApp.app, organiser);
    for (const body of [
      { accentColor: 'blue' },
      { coverLayout: 'large' },
      { shortAddress: address() },
      { title: 'Autre', coverLayout: 'side' },
    ]) {
      const refused = await put(event._id, organiser, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: PREMIUM_REQUIRED_MESSAGE });
    }
    expect(await stored(event._id)).toEqual({ accentColor: null, coverLayout: null, shortAddress: null });
    const [row] = await testApp.app.db.select({ title: events.title }).from(events).where(eq(events.id, event._id));
    expect(row?.title).toBe(eventInput().title);
    // Removing (null) needs no premium.
    expect((await put(event._id, organiser, { accentColor: null })).statusCode).toBe(200);
  });

  it('accepts a premium organiser on create and update, and answers the customisation', async () => {
    const organiser = await premiumOrganiser();
    const short = address();
    const created = await request(
      testApp.app,
      'POST',
      '/api/events',
      organiser,
      eventInput({ accentColor: 'violet', coverLayout: 'banner', shortAddress: short.toUpperCase() }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json().event;
    expect(event.customisation).toEqual({
      accentColor: 'violet',
      coverLayout: 'banner',
      shortAddress: short,
      shown: true,
      shortUrl: `${testApp.app.config.PUBLIC_URL.replace(/\/+$/, '')}/e/${short}`,
    });
    const updated = await put(event._id, organiser, { accentColor: 'green', coverLayout: null });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().event.customisation).toMatchObject({ accentColor: 'green', coverLayout: null, shortAddress: short });
    // Its own address is free for it.
    expect((await put(event._id, organiser, { shortAddress: short })).statusCode).toBe(200);
    // Anyone reading the published event sees it too (the address is on the public page).
    expect((await request(testApp.app, 'PUT', `/api/events/${event._id}/publish`, organiser)).statusCode).toBe(200);
    const read = await testApp.app.inject({ method: 'GET', url: `/api/events/${event._id}` });
    expect(read.json().customisation).toMatchObject({ accentColor: 'green', shortAddress: short, shown: true });
  });

  it('lets manage_events customise any event (the gate passes)', async () => {
    const organiser = await signedIn(testApp.app);
    const manager = await signedIn(testApp.app, { role: 'admin', permissions: ['manage_events'] });
    const event = await createEvent(testApp.app, organiser);
    const done = await put(event._id, manager, { accentColor: 'slate', coverLayout: 'side' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await stored(event._id)).toMatchObject({ accentColor: 'slate', coverLayout: 'side' });
    // Stored, but not shown: the organiser has no premium.
    expect(done.json().event.customisation.shown).toBe(false);
    const mine = await createEvent(testApp.app, manager, { accentColor: 'red' });
    expect((await request(testApp.app, 'GET', `/api/events/${mine._id}`, manager)).json().customisation.shown).toBe(true);
  });

  it('refuses a bad short address (400, French), a reserved word, an unknown colour or layout', async () => {
    const organiser = await premiumOrganiser();
    const event = await createEvent(testApp.app, organiser);
    const cases: [unknown, string][] = [
      [{ shortAddress: 'ab' }, SHORT_ADDRESS_MESSAGES.tooShort],
      [{ shortAddress: 'mon gala' }, SHORT_ADDRESS_MESSAGES.characters],
      [{ shortAddress: '-gala' }, SHORT_ADDRESS_MESSAGES.hyphens],
      [{ shortAddress: 'Admin' }, SHORT_ADDRESS_MESSAGES.reserved],
      [{ shortAddress: 'mon-compte' }, SHORT_ADDRESS_MESSAGES.reserved],
      [{ accentColor: 'fuchsia' }, 'Choisissez une couleur de la palette'],
      [{ coverLayout: 'tiny' }, 'Choisissez une mise en page de la liste'],
    ];
    for (const [body, message] of cases) {
      const refused = await put(event._id, organiser, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await stored(event._id)).toEqual({ accentColor: null, coverLayout: null, shortAddress: null });
  });
});

describe('a short address is unique', () => {
  it('answers 409 SHORT_ADDRESS_TAKEN for an address another event holds, whatever the case', async () => {
    const [first, second] = [await premiumOrganiser(), await premiumOrganiser()];
    const short = address();
    const one = await createEvent(testApp.app, first, { shortAddress: short });
    const other = await createEvent(testApp.app, second);
    const taken = await put(other._id, second, { shortAddress: short.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SHORT_ADDRESS_TAKEN', message: SHORT_ADDRESS_MESSAGES.taken });
    const createdTaken = await request(testApp.app, 'POST', '/api/events', second, eventInput({ shortAddress: short }));
    expect(createdTaken.statusCode).toBe(409);
    // The availability the form asks as the organiser types.
    const ask = (typed: string, eventId?: string) =>
      request(
        testApp.app,
        'GET',
        `/api/events/short-addresses/${encodeURIComponent(typed)}${eventId ? `?eventId=${eventId}` : ''}`,
        second,
      );
    expect((await ask(short)).json()).toEqual({ address: short, available: false, message: SHORT_ADDRESS_MESSAGES.taken });
    expect((await ask(short, one._id)).json()).toMatchObject({ available: true });
    expect((await ask('API')).json()).toEqual({ address: 'api', available: false, message: SHORT_ADDRESS_MESSAGES.reserved });
    expect((await ask(`${short}-libre`)).json()).toMatchObject({ available: true, message: SHORT_ADDRESS_MESSAGES.available });
    expect((await testApp.app.inject({ method: 'GET', url: `/api/events/short-addresses/${short}` })).statusCode).toBe(401);
    // Whether the form offers the customisation.
    expect((await request(testApp.app, 'GET', '/api/events/customisation', second)).json()).toEqual({ allowed: true });
    const freemium = await signedIn(testApp.app);
    expect((await request(testApp.app, 'GET', '/api/events/customisation', freemium)).json()).toEqual({ allowed: false });
  });

  it('gives one of two simultaneous requests for the same address, the other 409 (the unique index)', async () => {
    const organisers = await Promise.all([premiumOrganiser(), premiumOrganiser(), premiumOrganiser()]);
    const eventsOf = await Promise.all(organisers.map((organiser) => createEvent(testApp.app, organiser)));
    const short = address();
    const answers = await Promise.all(
      eventsOf.map((event, index) => put(event._id, organisers[index] as Identity, { shortAddress: short })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().code).toBe('SHORT_ADDRESS_TAKEN');
    }
    const holders = await testApp.app.db.select({ id: events.id }).from(events).where(eq(events.shortAddress, short));
    expect(holders).toHaveLength(1);
  });
});

describe('the public page', () => {
  it('serves /e/{address} with the colour, the layout, and canonical and share links on the short address', async () => {
    const organiser = await premiumOrganiser();
    const short = address();
    const event = await createEvent(testApp.app, organiser, {
      accentColor: 'raspberry',
      coverLayout: 'side',
      shortAddress: short,
    });
    const base = testApp.app.config.PUBLIC_URL.replace(/\/+$/, '');
    const shortPage = await page(`/e/${short}`);
    expect(shortPage.statusCode).toBe(200);
    expect(shortPage.headers['cache-control']).toBe('public, max-age=60');
    const body = shortPage.body;
    expect(body).toContain(`<link rel="canonical" href="${base}/e/${short}">`);
    expect(body).toContain(`data-copy="${base}/e/${short}"`);
    expect(body).toContain(encodeURIComponent(`${base}/e/${short}?src=whatsapp`));
    expect(body).toContain('class="acc"');
    expect(body).toContain(`.acc .btn{background:${ACCENT_COLORS.raspberry.main}`);
    expect(body).toContain('.side{display:grid');
    expect(body).toContain('class="side"');
    // The CSP allows no inline style attribute to be needed: the colour is a class.
    expect(body).not.toMatch(/<div[^>]* style=/);
    // The usual address serves the same page, canonical on the short one; a capitalised address too.
    const usual = await page(event.publicPath);
    expect(usual.statusCode).toBe(200);
    expect(usual.body).toContain(`<link rel="canonical" href="${base}/e/${short}">`);
    expect((await page(`/e/${short.toUpperCase()}`)).statusCode).toBe(200);
    expect((await page('/e/personne-ici')).statusCode).toBe(404);
  });

  it('does not open a draft or a private event without its token at the short address', async () => {
    const organiser = await premiumOrganiser();
    const draftAddress = address();
    await createEvent(testApp.app, organiser, { shortAddress: draftAddress }, 'draft');
    expect((await page(`/e/${draftAddress}`)).statusCode).toBe(404);
    const privateAddress = address();
    const hidden = await createEvent(testApp.app, organiser, { shortAddress: privateAddress, isPublic: false });
    expect((await page(`/e/${privateAddress}`)).statusCode).toBe(404);
    const opened = await page(`/e/${privateAddress}?t=${hidden.shareToken}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).not.toContain('rel="canonical"');
  });

  it('goes back to the default look once premium ended: /e/{address} leads (302) to the usual page, the customisation kept', async () => {
    const organiser = await premiumOrganiser();
    const short = address();
    const event = await createEvent(testApp.app, organiser, { accentColor: 'blue', coverLayout: 'large', shortAddress: short });
    expect((await page(`/e/${short}`)).statusCode).toBe(200);

    await setPremium(organiser.user.id, new Date(Date.now() - 1000));
    const redirected = await page(`/e/${short}?ref=ABC123`);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(`${event.publicPath}?ref=ABC123`);
    expect(redirected.headers['cache-control']).toBe('no-cache');
    const usual = await page(event.publicPath);
    expect(usual.statusCode).toBe(200);
    expect(usual.body).not.toContain('class="acc"');
    expect(usual.body).not.toContain('.acc .btn');
    expect(usual.body).not.toContain(`/e/${short}`);
    expect(usual.body).toContain(
      `<link rel="canonical" href="${testApp.app.config.PUBLIC_URL.replace(/\/+$/, '')}${event.publicPath}">`,
    );
    expect(await stored(event._id)).toEqual({ accentColor: 'blue', coverLayout: 'large', shortAddress: short });
    const read = (await request(testApp.app, 'GET', `/api/events/${event._id}`, organiser)).json();
    expect(read.customisation).toMatchObject({ accentColor: 'blue', shown: false, shortUrl: null });
    // Still held: nobody else takes it meanwhile.
    const other = await premiumOrganiser();
    const otherEvent = await createEvent(testApp.app, other);
    expect((await put(otherEvent._id, other, { shortAddress: short })).statusCode).toBe(409);

    // Premium again: shown again.
    await setPremium(organiser.user.id, null);
    expect((await page(`/e/${short}`)).statusCode).toBe(200);
  });

  it('adds nothing to a page without customisation', async () => {
    const organiser = await premiumOrganiser();
    const event = await createEvent(testApp.app, organiser);
    const body = (await page(event.publicPath)).body;
    expect(body).not.toContain('.acc');
    expect(body).not.toContain('data-look');
  });
});
