import type { TDepartmentLoginInput } from '@fees/validation';
import type { Context } from '../../context';
import { signIn } from '../../domain/auth/sign-in';

export function departmentLoginHandler({ ctx, input }: { ctx: Context; input: TDepartmentLoginInput }) {
  return signIn(ctx, input);
}
