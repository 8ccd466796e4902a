import { auditLog, sessions, users } from '@fees/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, TEST_PASSWORD } from '../../test/harness';
import { fieldRefusal } from '../../test/refusal';
import { useHarness } from '../../test/use-harness';

const h = useHarness();

const form = { email: 'second@test.local', pwd1: 'secret99', pwd2: 'secret99', chk1: true };

describe('admin.admins', () => {
  it('lists the admin accounts as id and username, without password hashes', async () => {
    const list = await h.caller('admin').admin.admins.list();
    expect(list).toEqual([{ id: h.sessions.admin.userId, username: 'admin@test.local' }]);
  });

  it('creates an admin with a hashed password, audited, who can then sign in', async () => {
    const result = await h.caller('admin').admin.admins.create({ ...form, email: 'Second@Test.local' });
    expect(result).toMatchObject({
      Result: 'SAVED',
      Message: 'Admin account second@test.local created',
      email: 'second@test.local',
    });
    expect(JSON.stringify(result)).not.toContain('scrypt');
    const row = (await h.db.select().from(users).where(eq(users.id, result.id)).limit(1))[0];
    expect(row).toMatchObject({ email: 'second@test.local', role: 'admin', departmentId: null });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(result.id))))
        .limit(1)
    )[0];
    expect(audit).toMatchObject({ action: 'create', userEmail: 'admin@test.local' });
    expect(audit?.after).not.toContain('scrypt');
    await expect(
      h.caller('anonymous').auth.login({ email: 'second@test.local', password: 'secret99' }),
    ).resolves.toMatchObject({ role: 'admin' });
    expect((await h.caller('admin').admin.admins.list()).map((a) => a.username)).toEqual([
      'admin@test.local',
      'second@test.local',
    ]);
  });

  it('refuses each invalid field with the spec message', async () => {
    const create = (input: Record<string, unknown>) =>
      fieldRefusal(h.caller('admin').admin.admins.create(input as typeof form));
    expect((await create({ ...form, email: '' })).fields).toEqual({ email: 'Required' });
    expect((await create({ ...form, email: 'not-an-email' })).fields).toEqual({ email: 'Enter a valid email address' });
    expect((await create({ ...form, pwd1: '', pwd2: '' })).fields).toMatchObject({
      pwd1: 'Required',
      pwd2: 'Required',
    });
    expect((await create({ ...form, pwd1: 'abc', pwd2: 'abc' })).fields).toMatchObject({
      pwd1: 'Minimum 6 digit required',
    });
    expect((await create({ ...form, pwd1: 'abcdefghijklm', pwd2: 'abcdefghijklm' })).fields).toMatchObject({
      pwd1: 'Maximum 12 digit allowed',
    });
    expect((await create({ ...form, pwd2: 'secret98' })).fields).toEqual({ pwd2: 'passwords do not match' });
    expect((await create({ ...form, chk1: false })).fields).toEqual({ chk1: 'Required' });
    expect((await create({ ...form, chk1: false })).code).toBe('BAD_REQUEST');
    expect(await h.db.select().from(users)).toHaveLength(6);
  });

  it('refuses a second account with the same email (any letter case) as CONFLICT', async () => {
    expect(
      await fieldRefusal(h.caller('admin').admin.admins.create({ ...form, email: 'UG@test.local' })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'An account with the email ug@test.local already exists',
    });
  });

  it('changes an admin password: the new one works, the old one not, and the other sessions end', async () => {
    const second = await createAccount(h.db, { email: 'second@test.local', role: 'admin', departmentId: null });
    const input = { userId: second.userId, email: 'second@test.local', pwd1: 'newpass1', pwd2: 'newpass1', chk1: true };
    expect(await h.caller('admin').admin.admins.changePassword(input)).toEqual({
      Result: 'SAVED',
      Message: 'Password changed for second@test.local',
      id: second.userId,
    });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, second.userId))).toHaveLength(0);
    const anonymous = h.caller('anonymous');
    await expect(anonymous.auth.login({ email: 'second@test.local', password: 'newpass1' })).resolves.toMatchObject({
      auth: true,
    });
    expect(
      (await fieldRefusal(anonymous.auth.login({ email: 'second@test.local', password: TEST_PASSWORD }))).message,
    ).toBe('Incorrect email or password');
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, String(second.userId))))
        .limit(1)
    )[0];
    expect(audit?.after).toContain('"passwordChanged":true');
    expect(`${audit?.before}${audit?.after}`).not.toContain('scrypt');
  });

  it('keeps the caller signed in when they change their own password', async () => {
    const me = h.sessions.admin;
    await h.caller('admin').admin.admins.changePassword({
      userId: me.userId,
      email: me.email,
      pwd1: 'newpass1',
      pwd2: 'newpass1',
      chk1: true,
    });
    expect((await h.db.select().from(sessions).where(eq(sessions.userId, me.userId))).map((s) => s.id)).toEqual([
      me.sessionId,
    ]);
  });

  it('refuses a password change for an unknown id, a non-admin, a wrong email or invalid passwords', async () => {
    const admins = h.caller('admin').admin.admins;
    const base = {
      userId: h.sessions.admin.userId,
      email: 'admin@test.local',
      pwd1: 'newpass1',
      pwd2: 'newpass1',
      chk1: true,
    };
    expect(await fieldRefusal(admins.changePassword({ ...base, userId: 999 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No admin account with id 999',
    });
    expect(
      (
        await fieldRefusal(
          admins.changePassword({ ...base, userId: h.sessions.ugStaff.userId, email: 'ug@test.local' }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    expect(await fieldRefusal(admins.changePassword({ ...base, email: 'other@test.local' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: `Account ${base.userId} is not other@test.local`,
    });
    expect((await fieldRefusal(admins.changePassword({ ...base, pwd2: 'newpass2' }))).fields).toEqual({
      pwd2: 'passwords do not match',
    });
    expect((await fieldRefusal(admins.changePassword({ ...base, pwd1: '12345', pwd2: '12345' }))).fields).toMatchObject(
      { pwd1: 'Minimum 6 digit required' },
    );
    expect((await fieldRefusal(admins.changePassword({ ...base, chk1: false }))).fields).toEqual({ chk1: 'Required' });
    expect((await fieldRefusal(admins.changePassword({ ...base, userId: 0 }))).fields).toEqual({ userId: 'Required' });
  });

  it('deletes another admin after which its sessions are gone; audited', async () => {
    const second = await createAccount(h.db, { email: 'second@test.local', role: 'admin', departmentId: null });
    expect(await h.caller('admin').admin.admins.remove({ id: second.userId })).toEqual({
      Result: 'DELETED',
      Message: 'Account second@test.local deleted',
      id: second.userId,
    });
    expect((await h.db.select().from(users).where(eq(users.id, second.userId)).limit(1))[0]).toBeUndefined();
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, second.userId))).toHaveLength(0);
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entityId, String(second.userId))))
        .limit(1)
    )[0];
    expect(audit?.before).toContain('second@test.local');
  });

  it('never deletes the last admin account or your own account', async () => {
    const me = h.sessions.admin.userId;
    expect(await fieldRefusal(h.caller('admin').admin.admins.remove({ id: me }))).toEqual({
      code: 'CONFLICT',
      message: 'The last admin account cannot be deleted',
      fields: {},
    });
    await createAccount(h.db, { email: 'second@test.local', role: 'admin', departmentId: null });
    expect(await fieldRefusal(h.caller('admin').admin.admins.remove({ id: me }))).toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot delete your own account',
    });
    expect((await h.db.select().from(users).where(eq(users.id, me)).limit(1))[0]).toBeDefined();
  });

  it('answers NOT_FOUND for an unknown id or a staff account, and refuses a bad id', async () => {
    const admins = h.caller('admin').admin.admins;
    expect(await fieldRefusal(admins.remove({ id: 999 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No admin account with id 999',
    });
    expect((await fieldRefusal(admins.remove({ id: h.sessions.ugStaff.userId }))).code).toBe('NOT_FOUND');
    expect((await fieldRefusal(admins.remove({ id: -1 }))).fields).toEqual({ id: 'Required' });
  });

  it('is for administrators only: staff get FORBIDDEN, anonymous callers UNAUTHORIZED', async () => {
    const other = {
      userId: h.sessions.admin.userId,
      email: 'admin@test.local',
      pwd1: 'newpass1',
      pwd2: 'newpass1',
      chk1: true,
    };
    for (const who of ['ugStaff', 'pgStaff', 'anonymous'] as const) {
      const admins = h.caller(who).admin.admins;
      const expected = who === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN';
      expect((await fieldRefusal(admins.list())).code).toBe(expected);
      expect((await fieldRefusal(admins.create(form))).code).toBe(expected);
      expect((await fieldRefusal(admins.changePassword(other))).code).toBe(expected);
      expect((await fieldRefusal(admins.remove({ id: h.sessions.admin.userId }))).code).toBe(expected);
    }
    expect(await h.db.select().from(users)).toHaveLength(6);
  });
});
