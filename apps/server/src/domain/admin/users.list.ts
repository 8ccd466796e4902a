import { listUsers } from '@fees/db';
import type { Context } from '../../context';

/** Every account: the spec's user list (id, username, usertype '1' for an admin, depname). */
export async function listUserAccounts(ctx: Context) {
  return (await listUsers(ctx.db)).map((u) => ({
    id: u.id,
    username: u.username,
    usertype: u.role === 'admin' ? ('1' as const) : ('2' as const),
    role: u.role,
    depId: u.departmentId,
    depname: u.depname,
  }));
}
