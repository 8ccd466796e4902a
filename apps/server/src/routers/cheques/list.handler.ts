import { listCheques } from '@fees/db';
import type { TChequeListInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

/** A department's cheques and drafts, newest receipt first, all or of one status. */
export function listHandler({ ctx, input }: { ctx: AuthedContext; input: TChequeListInput }) {
  return listCheques(ctx.db, input);
}
