import type { TRemoveAccountInput } from '@fees/validation';
import { type AuthedContext, removeAccount } from './accounts';

export function adminsRemoveHandler({ ctx, input }: { ctx: AuthedContext; input: TRemoveAccountInput }) {
  return removeAccount(ctx, input.id, 'admins');
}
