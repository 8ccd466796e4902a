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
  updateUserPassword,
  type UserRole,
  writeAudit,
} from '@fees/db';
import { inTransaction } from '../write';
import { AppError } from '@fees/validation';
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
  input: { email: string; password: string; role: UserRole; departmentId: number | null },
) {
  const duplicate = () => new AppError('CONFLICT', `An account with the email ${input.email} already exists`);
  if (await findUserByEmail(ctx.db, input.email)) throw duplicate();
  const passwordHash = await hashPassword(input.password);
  try {
    return inTransaction(ctx, async (tx, ctx) => {
      if (await findUserByEmail(tx, input.email)) throw duplicate();
      const row = await insertUser(tx, {
        email: input.email,
        passwordHash,
        role: input.role,
        departmentId: input.departmentId,
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
 * end (the caller's own session survives when they change their own password).
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
    await updateUserPassword(tx, { id: input.userId, passwordHash });
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
      after: { ...(await findAccount(tx, input.userId)), passwordChanged: true },
    });
  });
  return { Result: 'SAVED' as const, Message: `Password changed for ${account.email}`, id: account.id };
}

/**
 * Deletes an account after a confirm dialog. The last admin account and the caller's own account
 * stay. Its sessions end with it (foreign key cascade); receipts it issued keep their data.
 */
export async function removeAccount(ctx: AuthedContext, id: number, scope: AccountScope) {
  try {
    const removed = await inTransaction(ctx, async (tx, ctx) => {
      const before = await loadAccount(tx, id, scope);
      if (before.role === 'admin' && (await countAdmins(tx)) <= 1) {
        throw new AppError('CONFLICT', 'The last admin account cannot be deleted');
      }
      if (before.id === ctx.session.userId) {
        throw new AppError('CONFLICT', 'You cannot delete your own account');
      }
      await deleteUser(tx, id);
      await writeAudit(tx, { actor: actorOf(ctx), action: 'delete', entity: 'user', entityId: id, before });
      return before;
    });
    return { Result: 'DELETED' as const, Message: `Account ${removed.email} deleted`, id };
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('CONFLICT', 'This account cannot be deleted: other records refer to it');
    }
    throw error;
  }
}
