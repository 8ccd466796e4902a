import { auditLog, receipts, sessions, users } from '@fees/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../../test/fixture';
import { fieldRefusal } from '../../test/refusal';
import { useHarness } from '../../test/use-harness';

const h = useHarness();

const form = { depId: 100, email: 'clerk@test.local', pwd1: 'clerk123', pwd2: 'clerk123', chk1: true };

describe('admin.users', () => {
  it('lists every account with usertype 1 for admins and the department name', async () => {
    const listed = await h.caller('admin').admin.users.list();
    expect(listed.slice(0, 3)).toEqual([
      {
        id: h.sessions.admin.userId,
        username: 'admin@test.local',
        name: 'admin',
        usertype: '1',
        role: 'admin',
        depId: null,
        depIds: [],
        depname: null,
        disabled: false,
      },
      {
        id: h.sessions.ugStaff.userId,
        username: 'ug@test.local',
        name: 'ug',
        usertype: '2',
        role: 'accountant',
        depId: 100,
        depIds: [100],
        depname: 'Arts and Science UG',
        disabled: false,
      },
      {
        id: h.sessions.pgStaff.userId,
        username: 'pg@test.local',
        name: 'pg',
        usertype: '2',
        role: 'accountant',
        depId: 101,
        depIds: [101],
        depname: 'Arts and Science PG',
        disabled: false,
      },
    ]);
    expect(listed.map((u) => [u.username, u.usertype, u.role])).toContainEqual(['auditor@test.local', '2', 'auditor']);
  });

  it('creates a department user by default (role user), who signs in at that department only', async () => {
    const result = await h.caller('admin').admin.users.create(form);
    expect(result).toMatchObject({
      Result: 'SAVED',
      Message: 'User clerk@test.local created',
      email: 'clerk@test.local',
    });
    expect((await h.db.select().from(users).where(eq(users.id, result.id)).limit(1))[0]).toMatchObject({
      role: 'accountant',
      departmentId: 100,
    });
    const anonymous = h.caller('anonymous');
    await expect(
      anonymous.auth.departmentLogin({ email: 'clerk@test.local', password: 'clerk123', depId: 100 }),
    ).resolves.toMatchObject({ department: 'UG' });
    expect(
      (
        await fieldRefusal(
          anonymous.auth.departmentLogin({ email: 'clerk@test.local', password: 'clerk123', depId: 101 }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');
    expect(
      (
        await h.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'create'), eq(auditLog.entityId, String(result.id))))
          .limit(1)
      )[0],
    ).toBeDefined();
  });

  it('creates an admin when the role option is admin', async () => {
    const result = await h.caller('admin').admin.users.create({ ...form, options: 'admin', depId: 104 });
    expect(result.Message).toBe('Admin account clerk@test.local created');
    expect((await h.db.select().from(users).where(eq(users.id, result.id)).limit(1))[0]).toMatchObject({
      role: 'admin',
      departmentId: 104,
    });
  });

  it('requires a department and a known role; password rules as for admins', async () => {
    const create = (input: Record<string, unknown>) =>
      fieldRefusal(h.caller('admin').admin.users.create(input as typeof form));
    expect((await create({ ...form, depId: undefined })).fields).toEqual({ depId: 'Required' });
    expect((await create({ ...form, depId: '' })).fields).toEqual({ depId: 'Required' });
    expect((await create({ ...form, depId: 99 })).fields).toEqual({ depId: 'Required' });
    expect((await create({ ...form, options: 'owner' })).fields).toEqual({ options: 'Required' });
    expect((await create({ ...form, email: '' })).fields).toEqual({ email: 'Required' });
    expect((await create({ ...form, pwd1: 'short', pwd2: 'short' })).fields).toMatchObject({
      pwd1: 'Minimum 6 digit required',
    });
    expect((await create({ ...form, pwd2: 'clerk124' })).fields).toEqual({ pwd2: 'passwords do not match' });
    expect((await create({ ...form, chk1: undefined })).fields).toEqual({ chk1: 'Required' });
  });

  it('refuses a duplicate email as CONFLICT', async () => {
    expect(await fieldRefusal(h.caller('admin').admin.users.create({ ...form, email: 'pg@test.local' }))).toMatchObject(
      {
        code: 'CONFLICT',
        message: 'An account with the email pg@test.local already exists',
      },
    );
  });

  it("changes a user's password and ends that user's sessions", async () => {
    const ug = h.sessions.ugStaff;
    const result = await h.caller('admin').admin.users.changePassword({
      userId: ug.userId,
      email: 'ug@test.local',
      pwd1: 'fresh123',
      pwd2: 'fresh123',
      chk1: true,
    });
    expect(result).toEqual({ Result: 'SAVED', Message: 'Password changed for ug@test.local', id: ug.userId });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, ug.userId))).toHaveLength(0);
    await expect(
      h.caller('anonymous').auth.departmentLogin({ email: 'ug@test.local', password: 'fresh123', depId: 100 }),
    ).resolves.toMatchObject({ auth: true });
  });

  it('refuses a password change for an unknown account or a mismatched email', async () => {
    const change = h.caller('admin').admin.users.changePassword;
    const base = {
      userId: h.sessions.pgStaff.userId,
      email: 'pg@test.local',
      pwd1: 'fresh123',
      pwd2: 'fresh123',
      chk1: true,
    };
    expect(await fieldRefusal(change({ ...base, userId: 4242 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No account with id 4242',
    });
    expect((await fieldRefusal(change({ ...base, email: 'ug@test.local' }))).code).toBe('BAD_REQUEST');
    expect((await fieldRefusal(change({ ...base, pwd1: 'x'.repeat(13), pwd2: 'x'.repeat(13) }))).fields).toMatchObject({
      pwd1: 'Maximum 12 digit allowed',
    });
  });

  it('deletes a user: sessions end, receipts they issued keep their data, audited', async () => {
    const fx = await buildFixture(h.db);
    const ug = h.sessions.ugStaff;
    await h.db.update(receipts).set({ createdBy: ug.userId }).where(eq(receipts.id, fx.ug.receiptId));
    expect(await h.caller('admin').admin.users.remove({ id: ug.userId })).toEqual({
      Result: 'DELETED',
      Message: 'Account ug@test.local deleted',
      id: ug.userId,
    });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, ug.userId))).toHaveLength(0);
    expect((await h.db.select().from(receipts).where(eq(receipts.id, fx.ug.receiptId)).limit(1))[0]).toMatchObject({
      createdBy: null,
      netPaise: 10_000_00,
    });
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entityId, String(ug.userId))))
        .limit(1)
    )[0];
    expect(audit).toMatchObject({ entity: 'user', userEmail: 'admin@test.local' });
  });

  it('refuses to delete an unknown account, your own account or the last admin', async () => {
    const remove = h.caller('admin').admin.users.remove;
    expect(await fieldRefusal(remove({ id: 4242 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No account with id 4242',
    });
    expect(await fieldRefusal(remove({ id: h.sessions.admin.userId }))).toMatchObject({
      code: 'CONFLICT',
      message: 'The last admin account cannot be deleted',
    });
    const second = await h.caller('admin').admin.users.create({ ...form, options: 'admin' });
    expect(await fieldRefusal(remove({ id: h.sessions.admin.userId }))).toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot delete your own account',
    });
    await expect(remove({ id: second.id })).resolves.toMatchObject({ Result: 'DELETED' });
  });

  it('is for administrators only', async () => {
    const change = {
      userId: h.sessions.ugStaff.userId,
      email: 'ug@test.local',
      pwd1: 'fresh123',
      pwd2: 'fresh123',
      chk1: true,
    };
    for (const who of ['ugStaff', 'pgStaff', 'anonymous'] as const) {
      const api = h.caller(who).admin.users;
      const expected = who === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN';
      expect((await fieldRefusal(api.list())).code).toBe(expected);
      expect((await fieldRefusal(api.create(form))).code).toBe(expected);
      expect((await fieldRefusal(api.changePassword(change))).code).toBe(expected);
      expect((await fieldRefusal(api.remove({ id: h.sessions.pgStaff.userId }))).code).toBe(expected);
    }
    expect(await h.db.select().from(users)).toHaveLength(6);
  });
});
