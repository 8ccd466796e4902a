import { setTimeout as sleep } from 'node:timers/promises';
import { findAccount, findUserByEmail, writeAudit } from '@fees/db';
import {
  AppError,
  type Capability,
  capabilitiesOf,
  DEPARTMENTS,
  type Role,
  servesEveryDepartment,
} from '@fees/validation';
import { verifyNoAccount, verifyPassword } from '../../auth/passwords';
import { startSession } from '../../auth/sessions';
import { assertNotBatched, type Context } from '../../context';
import { inTransaction } from '../write';

export interface SignInResult {
  auth: true;
  role: Role;
  /** What the account may do: the web app shows only these controls. */
  capabilities: Capability[];
  message: string;
  email: string;
  name: string;
  /** An administrator reset the password: the next screen asks for a new one. */
  mustChangePassword: boolean;
  /** The code the client keeps for its guards: ADM for an admin, else the department's code. */
  department: string;
  /** Where the client goes next. */
  home: string;
}

/** The one answer to a wrong password and to an unknown email, so that neither tells which emails have accounts. */
export const SIGN_IN_FAILED = 'Incorrect email or password';

/**
 * Checks a sign-in (throttled: see LoginLimiter), starts a new session and sets its cookie. depId null is the
 * admin sign-in (admins and auditors); a number is a department sign-in, where an account must serve that
 * department and an admin or auditor may open any. A disabled account is refused. Only after the password was
 * right does the answer say more than SIGN_IN_FAILED.
 */
export async function signIn(
  ctx: Context,
  input: { email: string; password: string; depId: number | null },
): Promise<SignInResult> {
  assertNotBatched(ctx, 'A sign-in');
  const attempt = { account: input.email, address: ctx.ip ?? 'local' };
  const verdict = await ctx.loginLimiter.reserve(ctx.db, attempt);
  if ('lockedMinutes' in verdict) {
    throw new AppError(
      'TOO_MANY',
      `Too many failed sign-ins. ` +
        `Try again in ${verdict.lockedMinutes} minute${verdict.lockedMinutes === 1 ? '' : 's'}.`,
    );
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);

  const refuse = async (reason: string, userId: number | null, message: string): Promise<never> => {
    await inTransaction(ctx, (tx, ctx) =>
      writeAudit(tx, {
        actor: { userId, email: input.email, ip: ctx.ip },
        action: 'login_failed',
        entity: 'session',
        after: { reason, depId: input.depId },
      }),
    );
    throw new AppError('UNAUTHORIZED', message);
  };

  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await verifyNoAccount(input.password);
    return refuse('No account with this email address', null, SIGN_IN_FAILED);
  }
  if (!(await verifyPassword(input.password, user.passwordHash)))
    return refuse('Incorrect password', user.id, SIGN_IN_FAILED);
  await ctx.loginLimiter.succeeded(ctx.db, attempt);

  if (user.disabledAt !== null) {
    const reason = 'This account is disabled; ask your administrator';
    return refuse(reason, user.id, reason);
  }
  const everyDepartment = servesEveryDepartment(user.role);
  const department = input.depId === null ? null : DEPARTMENTS.find((d) => d.id === input.depId);
  if (input.depId === null && !everyDepartment) {
    const reason = 'This account is not an administrator; sign in at your department';
    return refuse(reason, user.id, reason);
  }
  const served = (await findAccount(ctx.db, user.id))?.departmentIds ?? [];
  if (department && !everyDepartment && !served.includes(department.id)) {
    const reason = `This account does not belong to ${department.name}`;
    return refuse(reason, user.id, reason);
  }

  const token = await startSession(ctx.db, user.id, department?.id ?? null);
  ctx.setSessionCookie(token);
  await inTransaction(ctx, (tx, ctx) =>
    writeAudit(tx, {
      actor: { userId: user.id, email: user.email, ip: ctx.ip },
      action: 'login',
      entity: 'session',
      after: { depId: department?.id ?? null },
    }),
  );
  return {
    auth: true,
    role: user.role,
    capabilities: capabilitiesOf(user.role),
    message: 'Signed in',
    email: user.email,
    name: user.name,
    mustChangePassword: user.mustChangePassword === 1,
    department: user.role === 'admin' ? 'ADM' : (department?.code ?? 'ADM'),
    // An auditor signing in without a department starts at the first one's screens (it reads them all).
    home: department ? `/${department.prefix}` : user.role === 'admin' ? '/admin' : `/${DEPARTMENTS[0]!.prefix}`,
  };
}
