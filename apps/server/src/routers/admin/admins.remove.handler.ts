import type { TRemoveAccountInput } from '@fees/validation';
import { removeAccount } from '../../domain/admin/accounts';
import type { AuthedContext } from '../../context';

export function adminsRemoveHandler({ ctx, input }: { ctx: AuthedContext; input: TRemoveAccountInput }) {
  return removeAccount(ctx, input.id, 'admins');
}
