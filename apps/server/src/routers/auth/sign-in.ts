import { setTimeout as sleep } from 'node:timers/promises';
import { findUserByEmail, writeAudit } from '@fees/db';
import { AppError, DEPARTMENTS } from '@fees/validation';
import { verifyPassword } from '../../auth/passwords';
import { startSession } from '../../auth/sessions';
import type { Context } from '../../context';

export interface SignInResult {
  auth: true;
  role: 'admin' | 'user';
  message: string;
  email: string;
  /** The code the client keeps for its guards: ADM for an admin, else the department's code. */
  department: string;
  /** Where the client goes next. */
  home: string;
}

/**
 * Checks a sign-in (throttled per account and per address), starts a new session and sets its cookie.
 * depId null is the admin sign-in; a number is a department sign-in, where staff must belong to that
 * department and an admin may open any.
 */
export async function signIn(
  ctx: Context,
  input: { email: string; password: string; depId: number | null },
): Promise<SignInResult> {
  const attempt = { account: input.email, address: ctx.ip ?? 'local' };
  const verdict = ctx.loginLimiter.check(attempt);
  if ('lockedMinutes' in verdict) {
    throw new AppError('TOO_MANY', `Too many failed sign-ins. Try again in ${verdict.lockedMinutes} minute${verdict.lockedMinutes === 1 ? '' : 's'}.`);
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);

  const fail = (reason: string, userId: number | null): never => {
    ctx.loginLimiter.recordFailure(attempt);
    writeAudit(
      ctx.db,
      { userId, email: input.email, ip: ctx.ip },
      { action: 'login_failed', entity: 'session', after: { reason, depId: input.depId } },
    );
    throw new AppError('UNAUTHORIZED', reason);
  };

  const user = findUserByEmail(ctx.db, input.email);
  if (!user) return fail('No account with this email address', null);
  if (!(await verifyPassword(input.password, user.passwordHash))) return fail('Incorrect password', user.id);

  const department = input.depId === null ? null : DEPARTMENTS.find((d) => d.id === input.depId);
  if (input.depId === null && user.role !== 'admin') {
    return fail('This account is not an administrator; sign in at your department', user.id);
  }
  if (department && user.role !== 'admin' && user.departmentId !== department.id) {
    return fail(`This account does not belong to ${department.name}`, user.id);
  }

  ctx.loginLimiter.recordSuccess(attempt);
  const token = startSession(ctx.db, user.id, department?.id ?? null);
  ctx.setSessionCookie(token);
  writeAudit(
    ctx.db,
    { userId: user.id, email: user.email, ip: ctx.ip },
    { action: 'login', entity: 'session', after: { depId: department?.id ?? null } },
  );
  return {
    auth: true,
    role: user.role,
    message: 'Signed in',
    email: user.email,
    department: user.role === 'admin' ? 'ADM' : (department?.code ?? ''),
    home: department ? `/${department.prefix}` : '/admin',
  };
}
