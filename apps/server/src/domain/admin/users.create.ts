import type { TCreateUserInput } from '@fees/validation';
import { createAccount } from './accounts';
import type { AuthedContext } from '../../context';

/** A department user (role user) or an admin, chosen by the options field; both keep the department. */
export async function createUser(ctx: AuthedContext, input: TCreateUserInput) {
  const account = await createAccount(ctx, {
    email: input.email,
    password: input.pwd1,
    role: input.options,
    departmentId: input.depId,
  });
  const kind = account.role === 'admin' ? 'Admin account' : 'User';
  return {
    Result: 'SAVED' as const,
    Message: `${kind} ${account.email} created`,
    id: account.id,
    email: account.email,
  };
}
