import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@app/shared/settings';
import {
  activities,
  auditLog,
  eventImages,
  events,
  partnerActivities,
  partnerUsers,
  partners,
  rewardGrants,
  rewardRules,
  users,
  waitlistEntries,
} from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createEvent,
  eventInput,
  type Identity,
  newPhone,
  request,
  signedIn,
  superadminToken,
  unique,
} from '../../../test/helper';
import { newImageKeys } from '../uploads/uploads.storage';
import { recordWrite } from './record-write';

/*
 * Every write and its records (audit row, account activity, partner activity) commit together
 * (decision 036): a write whose transaction fails leaves none of them, and a record that cannot be
 * written undoes the write. Failures are forced by a trigger that raises on one statement.
 */

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  await app.db.execute(sql`
    create or replace function test_forced_failure() returns trigger language plpgsql as $$
    begin
      raise exception 'forced failure (test)';
    end $$`);
});
afterAll(async () => {
  await testApp?.close();
});

/**
 * Runs `fn` while every `timing` (before insert, before update…) statement on `table` whose row
 * matches `when` fails, then removes the trigger.
 */
async function failing<T>(table: string, timing: string, when: string, fn: () => Promise<T>): Promise<T> {
  await app.db.execute(
    sql.raw(`create trigger test_forced_failure ${timing} on ${table} for each row when (${when})
      execute function test_forced_failure()`),
  );
  try {
    return await fn();
  } finally {
    await app.db.execute(sql.raw(`drop trigger test_forced_failure on ${table}`));
  }
}

const auditsOf = (action: string, targetId?: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(targetId ? and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)) : eq(auditLog.action, action));

describe('recordWrite', () => {
  it('leaves no audit row and no activity row when the transaction fails after it', async () => {
    const user = await signedIn(app);
    const [partner] = await app.db
      .insert(partners)
      .values({ name: 'Maison Test', type: 'business', email: `${unique('p')}@example.cm`, searchText: 'maison test' })
      .returning();
    const action = unique('test.write.');
    await expect(
      app.db.transaction(async (tx) => {
        await recordWrite(tx, {
          audit: { actorId: user.user.id, action, targetType: 'test', targetId: 'x' },
          activity: { userId: user.user.id, type: 'event', description: 'Une ligne qui ne restera pas' },
          partnerActivity: { partnerId: partner!.id, actorId: user.user.id, type: 'test', description: 'Non plus' },
        });
        throw new Error('the write fails after its records');
      }),
    ).rejects.toThrow('the write fails after its records');
    expect(await auditsOf(action)).toEqual([]);
    expect(await app.db.select().from(activities).where(eq(activities.userId, user.user.id))).toEqual([]);
    expect(await app.db.select().from(partnerActivities).where(eq(partnerActivities.partnerId, partner!.id))).toEqual([]);
    const [after] = await app.db.select().from(partners).where(eq(partners.id, partner!.id));
    expect(after?.lastActivity).toBeNull();

    // The same records in a transaction that commits are all there.
    await app.db.transaction((tx) =>
      recordWrite(tx, {
        audit: { actorId: user.user.id, action, targetType: 'test', targetId: 'x' },
        activity: { userId: user.user.id, type: 'event', description: 'Une ligne qui reste' },
        partnerActivity: { partnerId: partner!.id, actorId: user.user.id, type: 'test', description: 'Elle aussi' },
      }),
    );
    expect(await auditsOf(action)).toHaveLength(1);
    expect(await app.db.select().from(activities).where(eq(activities.userId, user.user.id))).toHaveLength(1);
    expect(await app.db.select().from(partnerActivities).where(eq(partnerActivities.partnerId, partner!.id))).toHaveLength(1);
  });
});

describe('a write whose transaction fails after the audit call', () => {
  it('approving a waiting-list entry: no audit row, the entry stays pending', async () => {
    const manager = await signedIn(app, { role: 'admin', permissions: ['manage_users'] });
    const [entry] = await app.db
      .insert(waitlistEntries)
      .values({ name: 'Filleul Test', phone: newPhone(), referralCode: 'ABCD1234' })
      .returning();
    // Approving an entry with a code queues its referral job after the audit row, in the same transaction.
    const answer = await failing('referral_jobs', 'before insert', 'true', () =>
      request(app, 'POST', `/api/admin/waitlist/${entry!.id}/approve`, manager),
    );
    expect(answer.statusCode).toBe(500);
    expect(await auditsOf('waitlist.approve', entry!.id)).toEqual([]);
    const [after] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id));
    expect(after?.status).toBe('pending');
  });

  it('blocking a partner: no audit row, no partner activity, the partner stays active', async () => {
    const manager = await signedIn(app, { role: 'admin', permissions: ['manage_partners'] });
    const created = await request(app, 'POST', '/api/businesses', manager, {
      name: 'Librairie du Wouri',
      type: 'business',
      email: `${unique('wouri')}@example.cm`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().partner._id;
    await request(app, 'PUT', `/api/businesses/${id}/verify`, manager);
    const activitiesBefore = await app.db.select().from(partnerActivities).where(eq(partnerActivities.partnerId, id));
    // The partner's lastActivity moves after the audit row and the activity row are written.
    const answer = await failing('partners', 'before update', 'new.last_activity is distinct from old.last_activity', () =>
      request(app, 'PUT', `/api/businesses/${id}/block`, manager),
    );
    expect(answer.statusCode).toBe(500);
    expect(await auditsOf('partner.block', id)).toEqual([]);
    expect(await app.db.select().from(partnerActivities).where(eq(partnerActivities.partnerId, id))).toEqual(activitiesBefore);
    const [after] = await app.db.select().from(partners).where(eq(partners.id, id));
    expect(after?.status).toBe('active');

    const blocked = await request(app, 'PUT', `/api/businesses/${id}/block`, manager);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await auditsOf('partner.block', id)).toHaveLength(1);
  });

  it('creating an event for a partner: no event, no audit row, no activity of the account or the partner', async () => {
    const organizer = await signedIn(app);
    const [partner] = await app.db
      .insert(partners)
      .values({
        name: 'Association Test',
        type: 'association',
        email: `${unique('asso')}@example.cm`,
        status: 'active',
        searchText: 'association test',
      })
      .returning();
    await app.db.insert(partnerUsers).values({ partnerId: partner!.id, userId: organizer.user.id });
    const title = unique('Concert ');
    // Its three records are written in one call; the partner's lastActivity moves last.
    const answer = await failing('partners', 'before update', 'new.last_activity is distinct from old.last_activity', () =>
      request(app, 'POST', '/api/events', organizer, eventInput({ title, partnerId: partner!.id })),
    );
    expect(answer.statusCode).toBe(500);
    expect(await app.db.select().from(events).where(eq(events.title, title))).toEqual([]);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.actorId, organizer.user.id))).toEqual([]);
    expect(await app.db.select().from(activities).where(eq(activities.userId, organizer.user.id))).toEqual([]);
    expect(await app.db.select().from(partnerActivities).where(eq(partnerActivities.partnerId, partner!.id))).toEqual([]);

    const created = await request(app, 'POST', '/api/events', organizer, eventInput({ title, partnerId: partner!.id }));
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().event._id;
    expect(await auditsOf('event.create', id)).toHaveLength(1);
    expect(await app.db.select().from(activities).where(eq(activities.userId, organizer.user.id))).toMatchObject([
      { type: 'event', eventId: id },
    ]);
    expect(await app.db.select().from(partnerActivities).where(eq(partnerActivities.partnerId, partner!.id))).toMatchObject([
      { type: 'event', actorId: organizer.user.id },
    ]);
  });

  it('commenting: no comment, no activity, the counter unchanged when the activity cannot be written', async () => {
    const organizer = await signedIn(app);
    const author = await signedIn(app);
    const event = await createEvent(app, organizer);
    const answer = await failing('activities', 'before insert', "new.type = 'comment'", () =>
      request(app, 'POST', `/api/events/${event._id}/comments`, author, { text: 'Belle affiche' }),
    );
    expect(answer.statusCode).toBe(500);
    const comments = await request(app, 'GET', `/api/events/${event._id}/comments`, author);
    expect(comments.json()).toMatchObject({ items: [], total: 0 });
    expect(await app.db.select().from(activities).where(eq(activities.userId, author.user.id))).toEqual([]);
  });
});

describe("the events module's writes", () => {
  const failingAudit = <T>(action: string, fn: () => Promise<T>) =>
    failing('audit_log', 'before insert', `new.action = '${action}'`, fn);

  it('creating an event: no event, no audit row, no activity when its audit row cannot be written', async () => {
    const organizer = await signedIn(app);
    const title = unique('Marché ');
    const answer = await failingAudit('event.create', () =>
      request(app, 'POST', '/api/events', organizer, eventInput({ title })),
    );
    expect(answer.statusCode).toBe(500);
    expect(await app.db.select().from(events).where(eq(events.title, title))).toEqual([]);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.actorId, organizer.user.id))).toEqual([]);
    expect(await app.db.select().from(activities).where(eq(activities.userId, organizer.user.id))).toEqual([]);

    const created = await request(app, 'POST', '/api/events', organizer, eventInput({ title }));
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().event._id;
    expect(await auditsOf('event.create', id)).toHaveLength(1);
    expect(await app.db.select().from(activities).where(eq(activities.userId, organizer.user.id))).toMatchObject([
      { type: 'event', eventId: id },
    ]);
  });

  it('publishing and cancelling: the status stays when the audit row cannot be written', async () => {
    const organizer = await signedIn(app);
    const event = await createEvent(app, organizer, {}, 'draft');
    const statusOf = async () => (await app.db.select().from(events).where(eq(events.id, event._id)))[0]?.status;
    for (const [action, from, to] of [
      ['publish', 'draft', 'published'],
      ['cancel', 'published', 'cancelled'],
    ] as const) {
      const refused = await failingAudit(`event.${action}`, () =>
        request(app, 'PUT', `/api/events/${event._id}/${action}`, organizer),
      );
      expect(refused.statusCode, action).toBe(500);
      expect(await statusOf()).toBe(from);
      expect(await auditsOf(`event.${action}`, event._id)).toEqual([]);

      const done = await request(app, 'PUT', `/api/events/${event._id}/${action}`, organizer);
      expect(done.statusCode, done.body).toBe(200);
      expect(await statusOf()).toBe(to);
      expect(await auditsOf(`event.${action}`, event._id)).toHaveLength(1);
    }
  });

  it('removing an image: the image and its files stay when the audit row cannot be written', async () => {
    const organizer = await signedIn(app);
    const event = await createEvent(app, organizer);
    const keys = newImageKeys();
    for (const key of Object.values(keys)) await app.storage.put(key, Buffer.from('not really an image'));
    const [image] = await app.db
      .insert(eventImages)
      .values({ eventId: event._id, cardKey: keys.card, mediumKey: keys.medium, detailKey: keys.detail, width: 1, height: 1 })
      .returning();
    const url = `/api/events/${event._id}/images/${image!.id}`;
    const imageRows = () => app.db.select().from(eventImages).where(eq(eventImages.id, image!.id));
    const storedFiles = async () =>
      (await Promise.all(Object.values(keys).map((key) => app.storage.open(key)))).filter((file) => {
        file?.stream.destroy();
        return file !== null;
      }).length;

    const refused = await failingAudit('event.images.remove', () => request(app, 'DELETE', url, organizer));
    expect(refused.statusCode).toBe(500);
    expect(await imageRows()).toHaveLength(1);
    expect(await storedFiles()).toBe(3);
    expect(await auditsOf('event.images.remove', event._id)).toEqual([]);

    const removed = await request(app, 'DELETE', url, organizer);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await imageRows()).toEqual([]);
    expect(await storedFiles()).toBe(0);
    expect(await auditsOf('event.images.remove', event._id)).toHaveLength(1);
  });
});

describe('settings', () => {
  it('are not saved when their audit row cannot be written, and saved with exactly one otherwise', async () => {
    const token = await superadminToken(app);
    const before: Settings = (await request(app, 'GET', '/api/admin/settings', token)).json();
    const next: Settings = { ...before, general: { ...before.general, siteName: 'Sorties du Littoral' } };
    const answer = await failing('audit_log', 'before insert', "new.action = 'settings.update'", () =>
      request(app, 'PUT', '/api/admin/settings', token, next),
    );
    expect(answer.statusCode).toBe(500);
    expect((await request(app, 'GET', '/api/admin/settings', token)).json()).toEqual(before);
    expect(await app.settings.get()).toEqual(before);
    expect(await auditsOf('settings.update')).toEqual([]);

    const saved = await request(app, 'PUT', '/api/admin/settings', token, next);
    expect(saved.statusCode, saved.body).toBe(200);
    const audits = await auditsOf('settings.update');
    expect(audits).toHaveLength(1);
    expect(audits[0]?.before).toEqual(DEFAULT_SETTINGS);
    expect(audits[0]?.after).toEqual(next);
    await request(app, 'PUT', '/api/admin/settings', token, before);
  });
});

describe('removing a comment', () => {
  let organizer: Identity;
  let author: Identity;
  let moderator: Identity;
  beforeAll(async () => {
    organizer = await signedIn(app);
    author = await signedIn(app);
    moderator = await signedIn(app, { role: 'admin', permissions: ['manage_events'] });
  });

  async function postComment(text: string) {
    const event = await createEvent(app, organizer);
    const posted = await request(app, 'POST', `/api/events/${event._id}/comments`, author, { text });
    expect(posted.statusCode, posted.body).toBe(201);
    return { eventId: event._id, commentId: posted.json().comment._id as string };
  }

  it('by a moderator is audited with what the comment said', async () => {
    const { eventId, commentId } = await postComment('Propos déplacés');
    const removed = await request(app, 'DELETE', `/api/events/${eventId}/comments/${commentId}`, moderator);
    expect(removed.statusCode, removed.body).toBe(200);
    const audits = await auditsOf('comment.remove', commentId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: moderator.user.id,
      targetType: 'comment',
      before: { eventId, authorId: author.user.id, text: 'Propos déplacés' },
    });
  });

  it('by its author is not audited', async () => {
    const { eventId, commentId } = await postComment('Je me suis trompé');
    const removed = await request(app, 'DELETE', `/api/events/${eventId}/comments/${commentId}`, author);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await auditsOf('comment.remove', commentId)).toEqual([]);
  });
});

describe('referral writes', () => {
  let rewards: Identity;
  beforeAll(async () => {
    rewards = await signedIn(app, { role: 'admin', permissions: ['manage_rewards'] });
  });

  const ruleInput = (name: string) => ({
    name,
    type: 'premium_days',
    description: '',
    criteria: { minSignups: 50, minType: 'any' },
    rewardValue: 30,
    isActive: true,
  });
  const ruleNamed = async (name: string) => (await app.db.select().from(rewardRules).where(eq(rewardRules.name, name)))[0];
  const failingAudit = <T>(prefix: string, fn: () => Promise<T>) =>
    failing('audit_log', 'before insert', `new.action like '${prefix}%'`, fn);

  it('create, edit, switch off and delete a rule only together with their audit rows', async () => {
    const name = unique('Règle ');
    let answer = await failingAudit('reward_rule.', () =>
      request(app, 'POST', '/api/referral/reward-rules', rewards, ruleInput(name)),
    );
    expect(answer.statusCode).toBe(500);
    expect(await ruleNamed(name)).toBeUndefined();

    answer = await request(app, 'POST', '/api/referral/reward-rules', rewards, ruleInput(name));
    expect(answer.statusCode, answer.body).toBe(201);
    const id: string = answer.json()._id;
    expect(await auditsOf('reward_rule.create', id)).toHaveLength(1);

    answer = await failingAudit('reward_rule.', () =>
      request(app, 'PUT', `/api/referral/reward-rules/${id}`, rewards, { ...ruleInput(name), rewardValue: 60 }),
    );
    expect(answer.statusCode).toBe(500);
    expect((await ruleNamed(name))?.rewardValue).toBe(30);
    answer = await failingAudit('reward_rule.', () =>
      request(app, 'PATCH', `/api/referral/reward-rules/${id}`, rewards, { isActive: false }),
    );
    expect(answer.statusCode).toBe(500);
    expect((await ruleNamed(name))?.isActive).toBe(true);
    expect(await auditsOf('reward_rule.update', id)).toEqual([]);

    answer = await request(app, 'PUT', `/api/referral/reward-rules/${id}`, rewards, { ...ruleInput(name), rewardValue: 60 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rewardValue).toBe(60);
    answer = await request(app, 'PATCH', `/api/referral/reward-rules/${id}`, rewards, { isActive: false });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().isActive).toBe(false);
    expect(await auditsOf('reward_rule.update', id)).toHaveLength(2);

    answer = await failingAudit('reward_rule.', () => request(app, 'DELETE', `/api/referral/reward-rules/${id}`, rewards));
    expect(answer.statusCode).toBe(500);
    expect(await ruleNamed(name)).toBeDefined();
    answer = await request(app, 'DELETE', `/api/referral/reward-rules/${id}`, rewards);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await ruleNamed(name)).toBeUndefined();
    expect(await auditsOf('reward_rule.delete', id)).toHaveLength(1);
  });

  it('deliver premium days only together with the grant’s audit row', async () => {
    const referrer = await signedIn(app);
    const [rule] = await app.db
      .insert(rewardRules)
      .values({ name: unique('Règle '), type: 'premium_days', minSignups: 1, rewardValue: 30, isActive: false })
      .returning();
    const [grant] = await app.db
      .insert(rewardGrants)
      .values({ userId: referrer.user.id, ruleId: rule!.id, rewardType: 'premium_days', rewardValue: 30 })
      .returning();
    const url = `/api/referral/admin/rewards/${grant!.id}`;
    const account = async () => (await app.db.select().from(users).where(eq(users.id, referrer.user.id)))[0];

    let answer = await failingAudit('reward_grant.', () => request(app, 'PATCH', url, rewards, { status: 'granted' }));
    expect(answer.statusCode).toBe(500);
    const [still] = await app.db.select().from(rewardGrants).where(eq(rewardGrants.id, grant!.id));
    expect(still?.status).toBe('pending');
    expect((await account())?.premiumUntil).toBeNull();
    expect((await account())?.plan).toBe('freemium');

    answer = await request(app, 'PATCH', url, rewards, { status: 'granted' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().status).toBe('granted');
    expect((await account())?.plan).toBe('premium');
    const audits = await auditsOf('reward_grant.grant', grant!.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(rewards.user.id);
  });
});
