import type { SessionUser } from '@fees/db';

/** The signed-in account as the client needs it for its shells. */
export function meHandler({ ctx }: { ctx: { session: SessionUser } }) {
  const s = ctx.session;
  return {
    userId: s.userId,
    email: s.email,
    role: s.role,
    departmentId: s.departmentId,
    department: s.role === 'admin' ? 'ADM' : (s.departmentCode ?? ''),
  };
}
