import { deleteUserSessions, findUserByEmail, updateUserPassword, writeAudit } from '@fees/db';
import { AppError, type TChangeOwnPasswordInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { AuthedContext } from '../../context';
import { inTransaction } from '../write';

/**
 * A user's own password change: the current password first (a session left open on a shared desk is
 * not enough), then the new one. Clears an administrator's reset; the account's other sessions end.
 */
export async function changeOwnPassword(ctx: AuthedContext, input: TChangeOwnPasswordInput) {
  const user = await findUserByEmail(ctx.db, ctx.session.email);
  if (!user || !(await verifyPassword(input.current, user.passwordHash))) {
    throw new AppError('BAD_INPUT', 'The current password is not right');
  }
  const passwordHash = await hashPassword(input.pwd1);
  await inTransaction(ctx, async (tx, ctx) => {
    await updateUserPassword(tx, { id: user.id, passwordHash, mustChange: false });
    await deleteUserSessions(tx, { userId: user.id, exceptSessionId: ctx.session.sessionId });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'user',
      entityId: user.id,
      after: { id: user.id, email: user.email, passwordChanged: true },
    });
  });
  return { Result: 'SAVED' as const, Message: 'Your password was changed' };
}
