import type { TSchemeIdInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { loadScheme } from '../../domain/schemes/service';

export function byIdHandler({ ctx, input }: { ctx: AuthedContext; input: TSchemeIdInput }) {
  return loadScheme(ctx.db, input.id);
}
