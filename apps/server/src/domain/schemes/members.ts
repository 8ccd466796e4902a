import { membersOfScheme } from '@fees/db';
import type { TSchemeMembersInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { loadScheme } from './service';

export async function schemeMembers(ctx: AuthedContext, input: TSchemeMembersInput) {
  const scheme = await loadScheme(ctx.db, input.schemeId);
  return membersOfScheme(ctx.db, { schemeId: scheme.id, departmentId: input.depId });
}
