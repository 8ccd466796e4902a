import type { TChangePasswordInput } from '@fees/validation';
import { type AuthedContext, changePassword } from './accounts';

export function adminsChangePasswordHandler({ ctx, input }: { ctx: AuthedContext; input: TChangePasswordInput }) {
  return changePassword(ctx, { userId: input.userId, email: input.email, password: input.pwd1 }, 'admins');
}
