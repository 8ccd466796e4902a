import { listAdmins } from '@fees/db';
import type { Context } from '../../context';

/** The spec's admin list: id and username (the email). */
export function adminsListHandler({ ctx }: { ctx: Context }) {
  return listAdmins(ctx.db);
}
