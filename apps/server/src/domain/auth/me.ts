import { capabilitiesOf } from '@fees/validation';
import type { AuthedContext } from '../../context';

/** The signed-in account as the client needs it for its shells: who, where, and what it may do. */
export function me(ctx: AuthedContext) {
  const s = ctx.session;
  return {
    userId: s.userId,
    email: s.email,
    name: s.name,
    role: s.role,
    capabilities: capabilitiesOf(s.role),
    departmentId: s.departmentId,
    departmentIds: s.departmentIds,
    mustChangePassword: s.mustChangePassword,
    department: s.role === 'admin' ? 'ADM' : (s.departmentCode ?? 'ADM'),
  };
}
