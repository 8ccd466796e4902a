import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../client';
import { rows, run } from '../engines';

/**
 * The receipt verification secrets, newest first; the first call on a database creates one (32
 * random bytes), so every installation has its own and it travels with the database.
 */
export async function verifySecrets(db: DbOrTx): Promise<string[]> {
  const read = async () =>
    (await rows<{ secret: string }>(db, 'SELECT secret FROM verify_keys ORDER BY id DESC')).map((r) => r.secret);
  const secrets = await read();
  if (secrets.length > 0) return secrets;
  await run(db, 'INSERT INTO verify_keys (secret) SELECT @secret WHERE NOT EXISTS (SELECT 1 FROM verify_keys)', {
    secret: randomBytes(32).toString('hex'),
  });
  return read();
}
