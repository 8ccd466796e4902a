import { listFeeHeadsWithUsage } from '@fees/db';
import type { AuthedContext } from '../../context';

export function headsListHandler({ ctx }: { ctx: AuthedContext }) {
  return listFeeHeadsWithUsage(ctx.db);
}
