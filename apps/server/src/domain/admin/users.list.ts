import { listUsers } from '@fees/db';
import { legacyRoleOf } from '@fees/validation';
import type { Context } from '../../context';

/**
 * Every account: the spec's user list (id, username, usertype '1' for an admin, depname), with its
 * display name, role, the departments it serves and whether it is disabled.
 */
export async function listUserAccounts(ctx: Context) {
  return (await listUsers(ctx.db)).map((u) => ({
    id: u.id,
    username: u.username,
    name: u.name,
    usertype: legacyRoleOf(u.role) === 'admin' ? ('1' as const) : ('2' as const),
    role: u.role,
    depId: u.departmentId,
    depIds: u.departmentIds,
    depname: u.depname,
    disabled: u.disabledAt !== null,
  }));
}
