import { countAdmins, type Database, findUserByEmail, insertUser, transaction, writeAudit } from '@fees/db';
import { ZEmail, ZPassword } from '@fees/validation';
import { generatePassword, hashPassword } from './auth/passwords';

/**
 * On a start with no admin account, creates one from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * admin@localhost with a random password. Returns the credentials to print once, or null.
 */
export async function ensureFirstAdmin(
  db: Database,
  env: { adminEmail?: string; adminPassword?: string },
): Promise<{ email: string; password: string; generated: boolean } | null> {
  if ((await countAdmins(db)) > 0) return null;
  const email = ZEmail.parse(env.adminEmail ?? 'admin@localhost');
  const generated = !env.adminPassword;
  const password = generated ? generatePassword() : ZPassword.parse(env.adminPassword);
  if (await findUserByEmail(db, email))
    throw new Error(`${email} exists but is not an admin; set ADMIN_EMAIL to another address`);
  const passwordHash = await hashPassword(password);
  await transaction(db, async (tx) => {
    const user = await insertUser(tx, { email, passwordHash, role: 'admin', departmentIds: [] });
    await writeAudit(tx, {
      actor: { userId: null, email: 'system' },
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: user,
    });
  });
  return { email, password, generated };
}
