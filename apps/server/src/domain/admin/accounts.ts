/**
 * Admin accounts and department users are rows of one users table; the admins.* and users.*
 * procedures share these services. Password hashes are made before the write transaction
 * (scrypt is asynchronous) and never leave the server.
 */
import {
  countAdmins,
  type Reader,
  deleteUser,
  deleteUserSessions,
  findAccount,
  findUserByEmail,
  insertUser,
  isForeignKeyViolation,
  isUniqueViolation,
  setUserDepartments,
  setUserDisabled,
  updateUserPassword,
  updateUserProfile,
  type UserRole,
  userHasHistory,
  type WriteTx,
  writeAudit,
} from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TUpdateAccountInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { hashPassword } from '../../auth/passwords';
import type { AuthedContext } from '../../context';

/** admins.* procedures only see admin accounts; users.* see every account. */
export type AccountScope = 'admins' | 'all';

function notFound(id: number, scope: AccountScope): AppError {
  return new AppError('NOT_FOUND', `No ${scope === 'admins' ? 'admin account' : 'account'} with id ${id}`);
}

async function loadAccount(db: Reader, id: number, scope: AccountScope) {
  const account = await findAccount(db, id);
  if (!account || (scope === 'admins' && account.role !== 'admin')) throw notFound(id, scope);
  return account;
}

export async function createAccount(
  ctx: AuthedContext,
  input: { email: string; password: string; name?: string; role: UserRole; departmentIds: number[] },
) {
  const duplicate = () => new AppError('CONFLICT', `An account with the email ${input.email} already exists`);
  if (await findUserByEmail(ctx.db, input.email)) throw duplicate();
  const passwordHash = await hashPassword(input.password);
  try {
    return inTransaction(ctx, async (tx, ctx) => {
      if (await findUserByEmail(tx, input.email)) throw duplicate();
      const row = await insertUser(tx, {
        email: input.email,
        name: input.name,
        passwordHash,
        role: input.role,
        departmentIds: input.departmentIds,
      });
      await writeAudit(tx, { actor: actorOf(ctx), action: 'create', entity: 'user', entityId: row.id, after: row });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/**
 * Sets a new password. The email comes from the read-only field of the screen and must be the
 * account's, so a stale link cannot change someone else's password. The account's other sessions
 * end (the caller's own session survives when they change their own password). Set for another
 * account, it is a reset: that user chooses a new password at the next sign-in.
 */
export async function changePassword(
  ctx: AuthedContext,
  input: { userId: number; email: string; password: string },
  scope: AccountScope,
) {
  const account = await loadAccount(ctx.db, input.userId, scope);
  if (account.email !== input.email) {
    throw new AppError('BAD_INPUT', `Account ${input.userId} is not ${input.email}`);
  }
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx, ctx) => {
    const before = await loadAccount(tx, input.userId, scope);
    const mustChange = input.userId !== ctx.session.userId;
    await updateUserPassword(tx, { id: input.userId, passwordHash, mustChange });
    await deleteUserSessions(tx, {
      userId: input.userId,
      exceptSessionId: input.userId === ctx.session.userId ? ctx.session.sessionId : null,
    });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'user',
      entityId: input.userId,
      before,
      after: { ...(await findAccount(tx, input.userId)), passwordChanged: true, mustChangePassword: mustChange },
    });
  });
  return { Result: 'SAVED' as const, Message: `Password changed for ${account.email}`, id: account.id };
}

/** The last admin who can sign in, and the caller's own account, are never taken away. */
async function assertMayRemove(
  tx: WriteTx,
  ctx: Pick<AuthedContext, 'session'>,
  before: { id: number; role: UserRole },
  verb: 'delete' | 'disable',
) {
  if (before.role === 'admin' && (await countAdmins(tx)) <= 1) {
    throw new AppError('CONFLICT', `The last admin account cannot be ${verb}d`);
  }
  if (before.id === ctx.session.userId) throw new AppError('CONFLICT', `You cannot ${verb} your own account`);
}

/**
 * Deletes an account without history after a confirm dialog; an account with history (anything in the
 * audit log besides its sign-ins) is disabled instead and keeps its name there. The last admin account
 * and the caller's own account stay. A deleted account's sessions end with it (foreign key cascade).
 */
export async function removeAccount(ctx: AuthedContext, id: number, scope: AccountScope) {
  try {
    const removed = await inTransaction(ctx, async (tx, ctx) => {
      const before = await loadAccount(tx, id, scope);
      await assertMayRemove(tx, ctx, before, 'delete');
      if (await userHasHistory(tx, id)) {
        await disable(tx, ctx, before, true);
        return { ...before, disabled: true };
      }
      await deleteUser(tx, id);
      await writeAudit(tx, { actor: actorOf(ctx), action: 'delete', entity: 'user', entityId: id, before });
      return { ...before, disabled: false };
    });
    if (removed.disabled) {
      return {
        Result: 'DELETED' as const,
        Message: `Account ${removed.email} disabled: it has history, so it keeps its name there`,
        id,
      };
    }
    return { Result: 'DELETED' as const, Message: `Account ${removed.email} deleted`, id };
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('CONFLICT', 'This account cannot be deleted: other records refer to it');
    }
    throw error;
  }
}

async function disable(
  tx: WriteTx,
  ctx: Pick<AuthedContext, 'session' | 'ip'>,
  before: { id: number },
  disabled: boolean,
) {
  await setUserDisabled(tx, { id: before.id, disabled });
  if (disabled) await deleteUserSessions(tx, { userId: before.id, exceptSessionId: null });
  await writeAudit(tx, {
    actor: actorOf(ctx),
    action: 'update',
    entity: 'user',
    entityId: before.id,
    before,
    after: await findAccount(tx, before.id),
  });
}

/** Disables an account (its sessions end; it cannot sign in; its history keeps its name) or enables it. */
export async function setAccountDisabled(ctx: AuthedContext, input: { id: number; disabled: boolean }) {
  return inTransaction(ctx, async (tx, ctx) => {
    const before = await loadAccount(tx, input.id, 'all');
    if (input.disabled) await assertMayRemove(tx, ctx, before, 'disable');
    await disable(tx, ctx, before, input.disabled);
    return (await findAccount(tx, input.id))!;
  });
}

/**
 * Changes an account's name, role and departments; the audit row names both the administrator and
 * the account, with the role before and after. The last admin keeps its role; a changed role or
 * department set ends the account's sessions so the next request cannot act on the old powers.
 */
export async function updateAccount(ctx: AuthedContext, input: TUpdateAccountInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const before = await loadAccount(tx, input.id, 'all');
    if (before.role === 'admin' && input.role !== 'admin' && (await countAdmins(tx)) <= 1) {
      throw new AppError('CONFLICT', 'The last admin account must stay an admin');
    }
    if (before.id === ctx.session.userId && input.role !== before.role) {
      throw new AppError('CONFLICT', 'You cannot change your own role');
    }
    const depIds = input.depIds;
    await updateUserProfile(tx, { id: input.id, name: input.name, role: input.role });
    await setUserDepartments(tx, { userId: input.id, departmentIds: depIds });
    const powersChanged = before.role !== input.role || before.departmentIds.join() !== depIds.join();
    if (powersChanged) await deleteUserSessions(tx, { userId: input.id, exceptSessionId: null });
    const after = (await findAccount(tx, input.id))!;
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'user',
      entityId: input.id,
      before,
      after: { ...after, roleChangedBy: powersChanged ? { userId: ctx.session.userId, name: ctx.session.name } : null },
    });
    return after;
  });
}

/** An administrator's reset of another account's password: the user chooses a new one at the next sign-in. */
export async function resetPassword(ctx: AuthedContext, input: { id: number; password: string }) {
  if (input.id === ctx.session.userId) {
    throw new AppError('CONFLICT', 'Change your own password on your own password screen');
  }
  const account = await loadAccount(ctx.db, input.id, 'all');
  return changePassword(ctx, { userId: account.id, email: account.email, password: input.password }, 'all');
}
