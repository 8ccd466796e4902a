import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Reader, WriteTx } from '../client';
import { row, rows, run } from '../engines';

/**
 * The receipt verification secrets, newest first; the first call on a database creates one (32
 * random bytes), so every installation has its own and it travels with the database.
 */
export async function verifySecrets(db: Reader): Promise<string[]> {
  const read = async () =>
    (await rows<{ secret: string }>(db, sql`SELECT secret FROM verify_keys ORDER BY id DESC`)).map((r) => r.secret);
  const secrets = await read();
  if (secrets.length > 0) return secrets;
  await run(
    db,
    sql`INSERT INTO verify_keys (secret) SELECT ${randomBytes(32).toString('hex')}
      WHERE NOT EXISTS (SELECT 1 FROM verify_keys)`,
  );
  return read();
}

/** A verification key as the operator sees it: never its secret. */
export interface VerifyKeyInfo {
  id: number;
  createdAt: string;
}

/** The keys, newest (the one signing new prints) first. */
export async function listVerifyKeys(db: Reader): Promise<VerifyKeyInfo[]> {
  return rows<VerifyKeyInfo>(db, sql`SELECT id, created_at AS "createdAt" FROM verify_keys ORDER BY id DESC`);
}

/** A new key of 32 random bytes: new prints use it at once, every older key still verifies. */
export async function addVerifyKey(db: WriteTx): Promise<VerifyKeyInfo> {
  const added = await row<VerifyKeyInfo>(
    db,
    sql`INSERT INTO verify_keys (secret) VALUES (${randomBytes(32).toString('hex')}) 
      RETURNING id, created_at AS "createdAt"`,
  );
  return added!;
}

/** Removes a key (paper it signed no longer verifies); false when there is no such key. */
export async function deleteVerifyKey(db: WriteTx, id: number): Promise<boolean> {
  return (await run(db, sql`DELETE FROM verify_keys WHERE id = ${id}`)).changes > 0;
}
