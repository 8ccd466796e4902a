import type { TAdminLoginInput } from '@fees/validation';
import type { Context } from '../../context';
import { signIn } from '../../domain/auth/sign-in';

export function loginHandler({ ctx, input }: { ctx: Context; input: TAdminLoginInput }) {
  return signIn(ctx, { ...input, depId: null });
}
