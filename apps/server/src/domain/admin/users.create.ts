import type { TCreateAccountInput, TCreateUserInput } from '@fees/validation';
import { createAccount } from './accounts';
import type { AuthedContext } from '../../context';

/** The legacy form: options 'user' makes an accountant of the department, 'admin' an admin (keeping it too). */
export async function createUser(ctx: AuthedContext, input: TCreateUserInput) {
  const account = await createAccount(ctx, {
    email: input.email,
    password: input.pwd1,
    role: input.options === 'admin' ? 'admin' : 'accountant',
    departmentIds: [input.depId],
  });
  const kind = account.role === 'admin' ? 'Admin account' : 'User';
  return {
    Result: 'SAVED' as const,
    Message: `${kind} ${account.email} created`,
    id: account.id,
    email: account.email,
  };
}

/** An account with its display name, role and departments (the Users screen, POST /rest/v2/users). */
export async function createUserAccount(ctx: AuthedContext, input: TCreateAccountInput) {
  return createAccount(ctx, {
    email: input.email,
    password: input.password,
    name: input.name,
    role: input.role,
    departmentIds: input.depIds,
  });
}
