import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@app/shared/permissions';
import { containsCondition } from '../../db/contains-condition';
import { auditLog, sessions, users } from '../../db/schema/index';
import { verifyPassword } from '../../lib/password';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { seededSuperadmin } from '../../../test/helper';
import type { UserRow } from '../../db/schema/index';

let testApp: TestApp;
let app: FastifyInstance;
let superadmin: UserRow;
let superToken: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  superadmin = await seededSuperadmin(app);
  superToken = await tokenFor(app, superadmin);
});
afterAll(async () => {
  await testApp.close();
});

async function adminWith(permissions: Permission[]) {
  const user = await createUser(app, { role: 'admin', permissions, isAdminValidated: true });
  return { user, token: await tokenFor(app, user) };
}

function pendingAdmin(permissions: Permission[] = []) {
  return createUser(app, { role: 'admin', permissions, isAdminValidated: false });
}

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: payload as object | undefined });
}

async function reload(id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function auditRows(targetId: string, action?: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(action ? and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)) : eq(auditLog.targetId, targetId));
}

describe('GET /users', () => {
  it('lists admins and superadmins with role=admin, with their status and counts, for manage_admins', async () => {
    const pending = await pendingAdmin();
    await createUser(app, { role: 'user', firstName: 'Simple' });
    const response = await call('GET', '/users?role=admin&limit=100', superToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const roles = new Set(body.items.map((item: { role: string }) => item.role));
    expect([...roles].every((role) => role === 'admin' || role === 'superadmin')).toBe(true);
    const found = body.items.find((item: { _id: string }) => item._id === pending.id);
    expect(found).toMatchObject({ adminStatus: 'pending', isAdminValidated: false, grantedPermissions: [] });
    expect(body.items.find((item: { _id: string }) => item._id === superadmin.id)).toMatchObject({ adminStatus: 'validated' });
    expect(body.counts.all).toBe(body.total);
    expect(body.counts.pending).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash|argon2/);
  });

  it('filters by status and searches names without regard to accents or case', async () => {
    const blocked = await createUser(app, {
      role: 'admin',
      isAdminValidated: false,
      isBlocked: true,
      firstName: 'Hélène',
      lastName: 'Ébodé',
    });
    const byStatus = (await call('GET', '/users?role=admin&status=blocked&limit=100', superToken)).json();
    expect(byStatus.items.map((item: { _id: string }) => item._id)).toContain(blocked.id);
    expect(byStatus.items.every((item: { adminStatus: string }) => item.adminStatus === 'blocked')).toBe(true);
    const search = (await call('GET', `/users?role=admin&q=${encodeURIComponent('HELENE ebode')}`, superToken)).json();
    expect(search.items.map((item: { _id: string }) => item._id)).toEqual([blocked.id]);
    expect(search.counts).toEqual({ all: 1, validated: 0, pending: 0, blocked: 1 });
    const validated = (await call('GET', '/users?role=admin&status=validated&q=ebode', superToken)).json();
    expect(validated.total).toBe(0);
  });

  it('needs manage_admins (or validate_admins) for admins and manage_users for users', async () => {
    const eventsOnly = await adminWith(['manage_events']);
    expect((await call('GET', '/users?role=admin', eventsOnly.token)).statusCode).toBe(403);
    expect((await call('GET', '/users', eventsOnly.token)).statusCode).toBe(403);
    const validator = await adminWith(['validate_admins']);
    expect((await call('GET', '/users?role=admin', validator.token)).statusCode).toBe(200);
    const usersManager = await adminWith(['manage_users']);
    expect((await call('GET', '/users?role=admin', usersManager.token)).statusCode).toBe(403);
    const list = await call('GET', '/users', usersManager.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.every((item: { role: string }) => item.role === 'user')).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/users?role=admin' })).statusCode).toBe(401);
  });

  it('refuses a pending admin even when it was granted manage_admins', async () => {
    const pending = await pendingAdmin(['manage_admins']);
    const token = await tokenFor(app, pending);
    expect((await call('GET', '/users?role=admin', token)).statusCode).toBe(403);
  });
});

describe('GET /users/:id and its audit', () => {
  it('shows an admin to manage_admins and not to manage_users; 404 for an unknown id', async () => {
    const target = await pendingAdmin();
    const ok = await call('GET', `/users/${target.id}`, superToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ _id: target.id, adminStatus: 'pending' });
    const usersManager = await adminWith(['manage_users']);
    expect((await call('GET', `/users/${target.id}`, usersManager.token)).statusCode).toBe(403);
    expect((await call('GET', '/users/00000000-0000-4000-8000-000000000000', superToken)).statusCode).toBe(404);
    expect((await call('GET', '/users/not-a-uuid', superToken)).statusCode).toBe(400);
  });
});

describe('approving (PUT /users/:id)', () => {
  it('approves a pending admin with manage_admins, sets its permissions, and logs it', async () => {
    const target = await pendingAdmin();
    const response = await call('PUT', `/users/${target.id}`, superToken, {
      permissions: ['manage_events'],
      isAdminValidated: true,
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      adminStatus: 'validated',
      permissions: ['manage_events'],
      grantedPermissions: ['manage_events'],
    });
    const [entry] = await auditRows(target.id, 'admin.approve');
    expect(entry).toMatchObject({ actorId: superadmin.id, targetType: 'user' });
    expect(entry?.before).toMatchObject({ isAdminValidated: false, permissions: [] });
    expect(entry?.after).toMatchObject({ isAdminValidated: true, permissions: ['manage_events'] });
    expect(entry?.createdAt).toBeInstanceOf(Date);
  });

  it('takes effect on the very next request of the approved admin', async () => {
    const target = await pendingAdmin();
    const token = await tokenFor(app, target);
    expect((await call('GET', '/users?role=admin', token)).statusCode).toBe(403);
    await call('PUT', `/users/${target.id}`, superToken, { permissions: ['validate_admins'], isAdminValidated: true });
    expect((await call('GET', '/users?role=admin', token)).statusCode).toBe(200);
    await call('PUT', `/users/${target.id}`, superToken, { permissions: [] });
    expect((await call('GET', '/users?role=admin', token)).statusCode).toBe(403);
  });

  it('lets validate_admins approve with permissions it holds, but not edit rights afterwards', async () => {
    const validator = await adminWith(['validate_admins', 'manage_events']);
    const target = await pendingAdmin();
    const approved = await call('PUT', `/users/${target.id}`, validator.token, {
      permissions: ['manage_events'],
      isAdminValidated: true,
      role: 'admin',
    });
    expect(approved.statusCode).toBe(200);
    const edit = await call('PUT', `/users/${target.id}`, validator.token, { permissions: [] });
    expect(edit.statusCode).toBe(403);
    expect((await reload(target.id))?.permissions).toEqual(['manage_events']);
  });

  it('approves once when two approvals arrive together', async () => {
    const target = await pendingAdmin();
    const other = await adminWith(['manage_admins', 'manage_events']);
    const body = { permissions: ['manage_events'], isAdminValidated: true, role: 'admin' };
    const answers = await Promise.all([
      call('PUT', `/users/${target.id}`, superToken, body),
      call('PUT', `/users/${target.id}`, other.token, body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await auditRows(target.id, 'admin.approve')).toHaveLength(1);
  });

  it('refuses approving without validate_admins or manage_admins', async () => {
    const actor = await adminWith(['manage_users', 'manage_events']);
    const target = await pendingAdmin();
    const response = await call('PUT', `/users/${target.id}`, actor.token, { permissions: [], isAdminValidated: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/permission/);
    expect((await reload(target.id))?.isAdminValidated).toBe(false);
  });

  it('refuses approving a blocked admin until it is unblocked', async () => {
    const target = await createUser(app, { role: 'admin', isAdminValidated: false, isBlocked: true });
    const response = await call('PUT', `/users/${target.id}`, superToken, { permissions: [], isAdminValidated: true });
    expect(response.statusCode).toBe(409);
    expect((await reload(target.id))?.isAdminValidated).toBe(false);
  });

  it('refuses unknown fields, unknown permissions and an empty body with 400', async () => {
    const target = await pendingAdmin();
    expect((await call('PUT', `/users/${target.id}`, superToken, { isBlocked: false })).statusCode).toBe(400);
    expect((await call('PUT', `/users/${target.id}`, superToken, { permissions: ['root'] })).statusCode).toBe(400);
    const empty = await call('PUT', `/users/${target.id}`, superToken, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Aucune modification demandée');
  });
});

describe('editing rights (PUT /users/:id)', () => {
  it('lets manage_admins change the rights of a validated admin and logs before and after', async () => {
    const manager = await adminWith(['manage_admins', 'manage_events', 'manage_partners']);
    const target = await adminWith(['manage_events']);
    const response = await call('PUT', `/users/${target.user.id}`, manager.token, {
      permissions: ['manage_events', 'manage_partners'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.permissions).toEqual(['manage_events', 'manage_partners']);
    const [entry] = await auditRows(target.user.id, 'admin.permissions');
    expect(entry).toMatchObject({
      actorId: manager.user.id,
      before: { permissions: ['manage_events'] },
      after: { permissions: ['manage_events', 'manage_partners'] },
    });
  });

  it('refuses granting a permission the actor lacks', async () => {
    const manager = await adminWith(['manage_admins', 'manage_events']);
    const target = await adminWith(['manage_events']);
    const response = await call('PUT', `/users/${target.user.id}`, manager.token, {
      permissions: ['manage_events', 'manage_users'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_NOT_HELD' });
    expect(response.json().message).toContain('manage_users');
    expect((await reload(target.user.id))?.permissions).toEqual(['manage_events']);
  });

  it('refuses approving with a permission the approver lacks', async () => {
    const validator = await adminWith(['validate_admins']);
    const target = await pendingAdmin();
    const response = await call('PUT', `/users/${target.id}`, validator.token, {
      permissions: ['manage_admins'],
      isAdminValidated: true,
    });
    expect(response.statusCode).toBe(403);
    expect((await reload(target.id))?.isAdminValidated).toBe(false);
  });

  it('refuses withdrawing a permission the actor lacks', async () => {
    const manager = await adminWith(['manage_admins']);
    const target = await adminWith(['manage_events']);
    expect((await call('PUT', `/users/${target.user.id}`, manager.token, { permissions: [] })).statusCode).toBe(403);
  });

  it('refuses any change of one’s own rights, even by a superadmin', async () => {
    const manager = await adminWith(['manage_admins', 'manage_events']);
    const own = await call('PUT', `/users/${manager.user.id}`, manager.token, { permissions: ['manage_admins'] });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Vous ne pouvez pas modifier vos propres droits');
    expect((await call('PUT', `/users/${superadmin.id}`, superToken, { role: 'admin' })).statusCode).toBe(403);
  });

  it('refuses handing out the superadmin role, downgrading or editing a superadmin', async () => {
    const target = await adminWith([]);
    const promote = await call('PUT', `/users/${target.user.id}`, superToken, { role: 'superadmin' });
    expect(promote.statusCode).toBe(403);
    expect((await reload(target.user.id))?.role).toBe('admin');
    const other = await createUser(app, { role: 'superadmin', isAdminValidated: true });
    const downgrade = await call('PUT', `/users/${other.id}`, superToken, { role: 'admin', permissions: [] });
    expect(downgrade.statusCode).toBe(403);
    expect((await reload(other.id))?.role).toBe('superadmin');
    expect((await call('PUT', `/users/${target.user.id}`, superToken, { role: 'user' })).statusCode).toBe(400);
  });

  it('refuses making a plain user an admin through PUT', async () => {
    const plain = await createUser(app);
    const response = await call('PUT', `/users/${plain.id}`, superToken, { role: 'admin', isAdminValidated: true });
    expect(response.statusCode).toBe(400);
    expect((await reload(plain.id))?.role).toBe('user');
  });
});

describe('no way around the grant rule', () => {
  it('refuses approving again, without touching the list, an admin whose rights the approver lacks', async () => {
    const target = await createUser(app, { role: 'admin', permissions: ['manage_users'], isAdminValidated: false });
    const validator = await adminWith(['validate_admins']);
    const response = await call('PUT', `/users/${target.id}`, validator.token, { isAdminValidated: true, role: 'admin' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PERMISSION_NOT_HELD');
    expect((await reload(target.id))?.isAdminValidated).toBe(false);
    const holder = await adminWith(['validate_admins', 'manage_users']);
    expect((await call('PUT', `/users/${target.id}`, holder.token, { isAdminValidated: true })).statusCode).toBe(200);
  });

  it('refuses blocking, revoking or withdrawing the validation of an admin who holds more', async () => {
    const manager = await adminWith(['manage_admins']);
    const stronger = await adminWith(['manage_admins', 'manage_users']);
    for (const [method, url, body] of [
      ['PUT', `/users/${stronger.user.id}/block`, undefined],
      ['DELETE', `/users/${stronger.user.id}`, undefined],
      ['PUT', `/users/${stronger.user.id}`, { isAdminValidated: false }],
    ] as const) {
      const response = await call(method, url, manager.token, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const row = await reload(stronger.user.id);
    expect(row).toMatchObject({ isBlocked: false, isAdminValidated: true });
    expect((await call('GET', '/users/me', stronger.token)).statusCode).toBe(200);
  });
});

describe('blocking and unblocking', () => {
  it('blocks an admin: its open session is refused at once, its sessions end, it shows BLOQUÉ', async () => {
    const target = await adminWith(['manage_events']);
    expect((await call('GET', '/users/me', target.token)).statusCode).toBe(200);
    const response = await call('PUT', `/users/${target.user.id}/block`, superToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ adminStatus: 'blocked', isBlocked: true, permissions: [] });
    expect((await call('GET', '/users/me', target.token)).statusCode).toBe(401);
    const live = await app.db.select().from(sessions).where(eq(sessions.userId, target.user.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    const [entry] = await auditRows(target.user.id, 'admin.block');
    expect(entry).toMatchObject({ actorId: superadmin.id, before: { isBlocked: false }, after: { isBlocked: true } });
  });

  it('unblocks with PATCH and with PUT …/unblock; the admin then waits for approval again', async () => {
    const target = await adminWith(['manage_events']);
    await call('PUT', `/users/${target.user.id}/block`, superToken);
    const patched = await call('PATCH', `/users/${target.user.id}/unblock`, superToken);
    expect(patched.statusCode).toBe(200);
    expect(patched.json().user).toMatchObject({
      adminStatus: 'pending',
      isBlocked: false,
      grantedPermissions: ['manage_events'],
    });
    await call('PUT', `/users/${target.user.id}/block`, superToken);
    const put = await call('PUT', `/users/${target.user.id}/unblock`, superToken);
    expect(put.statusCode).toBe(200);
    expect((await auditRows(target.user.id, 'admin.unblock')).length).toBe(2);
    expect((await call('PUT', `/users/${target.user.id}/explode`, superToken)).statusCode).toBe(400);
  });

  it('needs manage_admins to block an admin, and manage_users to block a user', async () => {
    const target = await adminWith([]);
    const usersManager = await adminWith(['manage_users']);
    expect((await call('PUT', `/users/${target.user.id}/block`, usersManager.token)).statusCode).toBe(403);
    expect((await reload(target.user.id))?.isBlocked).toBe(false);
    const plain = await createUser(app);
    const blocked = await call('PUT', `/users/${plain.id}/block`, usersManager.token);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().user).toMatchObject({ status: 'blocked', adminStatus: null });
    const adminsManager = await adminWith(['manage_admins']);
    expect((await call('PUT', `/users/${plain.id}/unblock`, adminsManager.token)).statusCode).toBe(403);
  });

  it('refuses blocking oneself or a superadmin', async () => {
    const manager = await adminWith(['manage_admins']);
    expect((await call('PUT', `/users/${manager.user.id}/block`, manager.token)).statusCode).toBe(403);
    const blockSuper = await call('PUT', `/users/${superadmin.id}/block`, manager.token);
    expect(blockSuper.statusCode).toBe(403);
    expect(blockSuper.json().message).toBe('Un superadmin ne peut être ni modifié, ni bloqué, ni révoqué');
    expect((await reload(superadmin.id))?.isBlocked).toBe(false);
    expect((await call('PUT', `/users/${superadmin.id}/block`, superToken)).statusCode).toBe(403);
  });
});

describe('revoking (DELETE /users/:id)', () => {
  it('deletes an admin with manage_admins, ends its sessions and logs what it was', async () => {
    const target = await adminWith(['manage_events']);
    const response = await call('DELETE', `/users/${target.user.id}`, superToken);
    expect(response.statusCode).toBe(200);
    expect(await reload(target.user.id)).toBeUndefined();
    expect((await call('GET', '/users/me', target.token)).statusCode).toBe(401);
    const [entry] = await auditRows(target.user.id, 'admin.revoke');
    expect(entry).toMatchObject({ actorId: superadmin.id, after: null, before: { email: target.user.email } });
    expect((await call('DELETE', `/users/${target.user.id}`, superToken)).statusCode).toBe(404);
  });

  it('refuses without manage_admins, on oneself and on a superadmin', async () => {
    const target = await adminWith([]);
    const other = await adminWith(['manage_users', 'validate_admins']);
    expect((await call('DELETE', `/users/${target.user.id}`, other.token)).statusCode).toBe(403);
    const manager = await adminWith(['manage_admins']);
    expect((await call('DELETE', `/users/${manager.user.id}`, manager.token)).statusCode).toBe(403);
    const revokeSuper = await call('DELETE', `/users/${superadmin.id}`, manager.token);
    expect(revokeSuper.statusCode).toBe(403);
    expect(revokeSuper.json().message).toBe('Un superadmin ne peut pas être révoqué');
    expect(await reload(superadmin.id)).toBeDefined();
    expect(await reload(target.user.id)).toBeDefined();
  });
});

describe('creating an admin (POST /users)', () => {
  const payload = (email: string, permissions: Permission[] = ['manage_events']) => ({
    firstName: 'Jean',
    lastName: 'Mbarga',
    email,
    password: 'Solide-Passw0rd',
    permissions,
    role: 'admin',
  });

  it('creates a validated admin with a hashed password, logs it, and it can sign in', async () => {
    const response = await call('POST', '/users', superToken, payload('Jean.Mbarga@Example.cm'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Administrateur ajouté avec succès !');
    expect(body.user).toMatchObject({ email: 'jean.mbarga@example.cm', role: 'admin', adminStatus: 'validated' });
    const row = await reload(body.user._id);
    expect(row?.passwordHash).not.toContain('Solide');
    expect(await verifyPassword(row?.passwordHash ?? '', 'Solide-Passw0rd')).toBe(true);
    expect((await auditRows(body.user._id, 'admin.create')).length).toBe(1);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: 'jean.mbarga@example.cm', password: 'Solide-Passw0rd' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.permissions).toEqual(['manage_events']);
  });

  it('answers 409 on a taken e-mail and 400 with French field messages on missing fields', async () => {
    await call('POST', '/users', superToken, payload('taken@example.cm'));
    const again = await call('POST', '/users', superToken, payload('taken@example.cm'));
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.email).toEqual(['Cette adresse e-mail est déjà utilisée']);
    const missing = await call('POST', '/users', superToken, { firstName: '', lastName: '', email: '', password: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({
      firstName: ['Le prénom est requis'],
      lastName: ['Le nom est requis'],
    });
    const short = await call('POST', '/users', superToken, { ...payload('short@example.cm'), password: 'court' });
    expect(short.statusCode).toBe(400);
  });

  it('refuses without manage_admins, with a permission the creator lacks, or another role', async () => {
    const validator = await adminWith(['validate_admins']);
    expect((await call('POST', '/users', validator.token, payload('a1@example.cm', []))).statusCode).toBe(403);
    const manager = await adminWith(['manage_admins']);
    const escalate = await call('POST', '/users', manager.token, payload('a2@example.cm', ['manage_users']));
    expect(escalate.statusCode).toBe(403);
    expect((await call('POST', '/users', manager.token, payload('a3@example.cm', ['manage_admins']))).statusCode).toBe(201);
    const asSuper = await call('POST', '/users', superToken, { ...payload('a4@example.cm'), role: 'superadmin' });
    expect(asSuper.statusCode).toBe(400);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'a4@example.cm'));
    expect(row).toBeUndefined();
  });
});

describe('the audit trail', () => {
  it('lists an admin’s recent actions and those on it, newest first, and no route edits the log', async () => {
    const manager = await adminWith(['manage_admins', 'manage_events']);
    const target = await pendingAdmin();
    await call('PUT', `/users/${target.id}`, manager.token, { permissions: ['manage_events'], isAdminValidated: true });
    await call('PUT', `/users/${target.id}/block`, manager.token);
    const byManager = await call('GET', `/users/${manager.user.id}/audit`, superToken);
    expect(byManager.statusCode).toBe(200);
    const items = byManager.json().items;
    expect(items.map((item: { action: string }) => item.action)).toEqual(['admin.block', 'admin.approve']);
    expect(items[0]).toMatchObject({ actorName: 'Awa Ngono', targetId: target.id });
    const onTarget = (await call('GET', `/users/${target.id}/audit`, superToken)).json().items;
    expect(onTarget).toHaveLength(2);
    const eventsOnly = await adminWith(['manage_events']);
    expect((await call('GET', `/users/${manager.user.id}/audit`, eventsOnly.token)).statusCode).toBe(403);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const response = await call(method, `/users/${manager.user.id}/audit`, superToken, {});
      expect([400, 404]).toContain(response.statusCode);
    }
    expect((await app.db.select().from(auditLog).where(eq(auditLog.targetId, target.id))).length).toBe(2);
  });
});

describe('searching accounts whose names share their letters (issue 31)', () => {
  it("finds 'nom4242' with the trigram 'nom' of every account kept out of the index's lookup", async () => {
    // 300 accounts named like the bench's: 'Prénom<n> Nom<n>', so 'nom' is in every row.
    await app.db.execute(sql`
      insert into users (first_name, last_name, email, phone, password_hash, role)
      select 'Prénom' || g, 'Nom' || g, 'compte' || g || '@lettres.cm', '+2376' || lpad((g + 70000000)::text, 8, '0'), 'x', 'user'
      from generate_series(1, 300) g`);
    const named = async (firstName: string, lastName: string) =>
      (await createUser(app, { role: 'user', firstName, lastName })).id;
    const exact = await named('Prénom4242', 'Nom4242');
    const longer = await named('Prénom42420', 'Nom42420');
    const apart = await named('Marc', 'Nom 4242');
    await app.db.execute(sql`analyze users`);

    const condition = await containsCondition(app.db, users, users.searchText, 'nom4242');
    const shaped = app.db.select().from(users).where(condition).toSQL();
    // The index is given the word without its frequent 'nom'; the whole word is checked on the rows found.
    expect(shaped.sql).toContain('strpos');
    expect(shaped.params[0]).toMatch(/^%o?m4242%$/);
    expect(shaped.params).toContain('nom4242');

    const ids = async (q: string) =>
      (
        (await call('GET', `/users?q=${encodeURIComponent(q)}&limit=100`, superToken)).json() as { items: { _id: string }[] }
      ).items
        .map((item) => item._id)
        .sort();
    expect(await ids('nom4242')).toEqual([exact, longer].sort());
    expect(await ids('PRÉNOM4242 nom4242')).toEqual([exact, longer].sort());
    expect(await ids('nom4242 marc')).toEqual([]);
    expect(await ids('marc 4242')).toEqual([apart]);
    // A word whose every trigram is frequent still finds its rows, by the index alone.
    const frequent = (await call('GET', '/users?q=prenom&limit=5', superToken)).json();
    expect(frequent.total).toBeGreaterThanOrEqual(302);
  });
});
