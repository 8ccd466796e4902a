import type { TChangePasswordInput } from '@fees/validation';
import { type AuthedContext, changePassword } from './accounts';

export function usersChangePasswordHandler({ ctx, input }: { ctx: AuthedContext; input: TChangePasswordInput }) {
  return changePassword(ctx, { userId: input.userId, email: input.email, password: input.pwd1 }, 'all');
}
