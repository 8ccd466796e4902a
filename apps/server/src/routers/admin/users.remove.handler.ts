import type { TRemoveAccountInput } from '@fees/validation';
import { removeAccount } from '../../domain/admin/accounts';
import type { AuthedContext } from '../../context';

export function usersRemoveHandler({ ctx, input }: { ctx: AuthedContext; input: TRemoveAccountInput }) {
  return removeAccount(ctx, input.id, 'all');
}
