import { type Database, findUserByEmail, insertUser, transaction } from '@fees/db';
import { DEPARTMENTS } from '@fees/validation';
import { hashPassword } from '@fees/server/auth/passwords';
import type { DemoAccount } from './index';

/** One staff account per department: {prefix}@demo.local with the password demo123. */
export async function loadDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const password = 'demo123';
  const passwordHash = await hashPassword(password);
  const accounts: DemoAccount[] = [];
  for (const d of DEPARTMENTS) {
    const email = `${d.prefix}@demo.local`;
    if (!(await findUserByEmail(db, email)))
      await transaction(db, (tx) => insertUser(tx, { email, passwordHash, role: 'accountant', departmentIds: [d.id] }));
    accounts.push({ label: `${d.code} staff`, email, password });
  }
  return accounts;
}
