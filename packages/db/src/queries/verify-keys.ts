import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../client';
import { prepared } from './prepared';

/**
 * The receipt verification secrets, newest first; the first call on a database creates one (32
 * random bytes), so every installation has its own and it travels with the database.
 */
export function verifySecrets(db: DbOrTx): string[] {
  const read = () => prepared<{ secret: string }>(db, 'SELECT secret FROM verify_keys ORDER BY id DESC').all().map((r) => r.secret);
  const secrets = read();
  if (secrets.length > 0) return secrets;
  prepared(db, 'INSERT INTO verify_keys (secret) SELECT ? WHERE NOT EXISTS (SELECT 1 FROM verify_keys)').run(randomBytes(32).toString('hex'));
  return read();
}
