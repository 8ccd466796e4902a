import type { TCreateAdminInput } from '@fees/validation';
import { createAccount } from './accounts';
import type { AuthedContext } from '../../context';

export async function createAdmin(ctx: AuthedContext, input: TCreateAdminInput) {
  const account = await createAccount(ctx, {
    email: input.email,
    password: input.pwd1,
    role: 'admin',
    departmentIds: [],
  });
  return {
    Result: 'SAVED' as const,
    Message: `Admin account ${account.email} created`,
    id: account.id,
    email: account.email,
  };
}
