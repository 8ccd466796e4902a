import type { SessionUser } from '@fees/db';
import type { Context } from '../../context';
import { assertDepartmentAccess } from '../../trpc';
import type { DepartmentGate } from './service';

/** The context of a signed-in procedure. */
export type AuthedContext = Context & { session: SessionUser };

/** The session's department check, for entities whose department is only known once loaded. */
export function gateOf(ctx: AuthedContext): DepartmentGate {
  return (departmentId) => assertDepartmentAccess(ctx.session, departmentId);
}
