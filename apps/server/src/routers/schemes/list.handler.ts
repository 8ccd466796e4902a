import { listSchemes } from '@fees/db';
import type { AuthedContext } from '../../context';

export function listHandler({ ctx }: { ctx: AuthedContext }) {
  return listSchemes(ctx.db);
}
