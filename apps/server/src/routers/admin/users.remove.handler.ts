import type { TRemoveAccountInput } from '@fees/validation';
import { type AuthedContext, removeAccount } from './accounts';

export function usersRemoveHandler({ ctx, input }: { ctx: AuthedContext; input: TRemoveAccountInput }) {
  return removeAccount(ctx, input.id, 'all');
}
