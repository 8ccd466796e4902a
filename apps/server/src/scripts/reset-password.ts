/**
 * Sets a new password for an account when nobody can sign in to change it (a forgotten admin
 * password): pnpm reset-password <email> [new password]. Without a password one is generated and
 * printed. The account's sessions end; the change is audited. Works while the server runs.
 */
import { resolve } from 'node:path';
import {
  deleteUserSessions,
  findUserByEmail,
  openDatabase,
  transaction,
  updateUserPassword,
  writeAudit,
} from '@fees/db';
import { ZEmail, ZPassword } from '@fees/validation';
import { generatePassword, hashPassword } from '../auth/passwords';

const [emailArg, passwordArg] = process.argv.slice(2);
const email = ZEmail.safeParse(emailArg ?? '');
const password =
  passwordArg === undefined ? { success: true as const, data: generatePassword() } : ZPassword.safeParse(passwordArg);
if (!email.success || !password.success || process.argv.length > 4) {
  console.error('Usage: pnpm reset-password <email> [new password of 6 to 12 characters]');
  process.exit(2);
}
// pnpm runs package scripts in the package folder; INIT_CWD is where the command was typed.
const databasePath = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATABASE_PATH ?? 'data/fees.sqlite');
const db = openDatabase(databasePath);
const user = await findUserByEmail(db, email.data);
if (!user) {
  console.error(`No account ${email.data} in ${databasePath}`);
  process.exit(1);
}
const passwordHash = await hashPassword(password.data);
await transaction(db, async (tx) => {
  await updateUserPassword(tx, { id: user.id, passwordHash });
  await deleteUserSessions(tx, { userId: user.id, exceptSessionId: null });
  await writeAudit(tx, {
    actor: { userId: null, email: 'reset-password command' },
    action: 'update',
    entity: 'user',
    entityId: user.id,
    after: { password: 'reset' },
  });
});
db.$client.close();
console.log(`New password for ${user.email}: ${password.data}`);
