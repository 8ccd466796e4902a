import type { TChangePasswordInput } from '@fees/validation';
import { changePassword } from '../../domain/admin/accounts';
import type { AuthedContext } from '../../context';

export function adminsChangePasswordHandler({ ctx, input }: { ctx: AuthedContext; input: TChangePasswordInput }) {
  return changePassword(ctx, { userId: input.userId, email: input.email, password: input.pwd1 }, 'admins');
}
