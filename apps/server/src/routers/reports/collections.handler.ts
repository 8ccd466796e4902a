import { collectionsReport } from '@fees/db';
import type { TCollectionsInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { assertDepartmentAccess } from '../../trpc';
import type { AuthedContext } from './shared';

/** One department for its staff (or an admin); every department at once for admins only. */
export function collectionsHandler({ ctx, input }: { ctx: AuthedContext; input: TCollectionsInput }) {
  if (input.depId === undefined) {
    if (ctx.session.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Administrators only' });
  } else {
    assertDepartmentAccess(ctx.session, input.depId);
  }
  return collectionsReport(ctx.db, input);
}
