/**
 * The keys behind the verification codes printed on receipts and demand notices, for the operator:
 *   pnpm verify-keys list            the keys, newest first (never their secrets)
 *   pnpm verify-keys rotate          adds a new key: new prints use it at once, older paper still verifies
 *   pnpm verify-keys retire <id>     removes an older key: paper printed with it no longer verifies
 * On the database the server uses (DATABASE_URL, else DATABASE_PATH, default data/fees.sqlite), while
 * it runs: every print and every check reads the keys afresh. Each change is audited.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  addVerifyKey,
  closePostgres,
  type Database,
  deleteVerifyKey,
  describePostgresUrl,
  isPostgres,
  listVerifyKeys,
  openDatabase,
  openPostgres,
  transaction,
  writeAudit,
} from '@fees/db';

const USAGE = 'Usage: pnpm verify-keys list | rotate | retire <key id>';
const ACTOR = { userId: null, email: 'verify-keys command' };

const [command, idArg, ...extra] = process.argv.slice(2);
const retireId = idArg !== undefined && /^[1-9]\d{0,9}$/.test(idArg) ? Number(idArg) : null;
if (
  extra.length > 0 ||
  !(
    ((command === 'list' || command === 'rotate') && idArg === undefined) ||
    (command === 'retire' && retireId !== null)
  )
) {
  console.error(USAGE);
  process.exit(2);
}

async function open(): Promise<{ db: Database; where: string }> {
  const url = process.env.DATABASE_URL;
  if (url) return { db: await openPostgres(url, { max: 1 }), where: `PostgreSQL ${describePostgresUrl(url)}` };
  // pnpm runs package scripts in the package folder; INIT_CWD is where the command was typed.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATABASE_PATH ?? 'data/fees.sqlite');
  if (!existsSync(path)) {
    console.error(`No database at ${path}: set DATABASE_PATH (or DATABASE_URL) as the server has it.`);
    process.exit(1);
  }
  return { db: openDatabase(path), where: `SQLite ${path}` };
}

async function listKeys(db: Database, where: string): Promise<void> {
  const keys = await listVerifyKeys(db);
  console.log(`Verification keys in ${where}:`);
  if (keys.length === 0) console.log('  none yet (the first print creates one)');
  keys.forEach((key, i) => {
    const role = i === 0 ? 'signs new prints and verifies' : 'verifies paper printed before it was replaced';
    console.log(`  key ${key.id}  added ${key.createdAt}  ${role}`);
  });
}

const { db, where } = await open();
let status = 0;
try {
  if (command === 'rotate') {
    const key = await transaction(db, async (tx) => {
      const added = await addVerifyKey(tx);
      await writeAudit(tx, { actor: ACTOR, action: 'create', entity: 'verify_key', entityId: added.id });
      return added;
    });
    console.log(`Added key ${key.id}: new receipts and notices carry codes of this key from now on.`);
    console.log('Paper printed before keeps verifying until its key is retired (pnpm verify-keys retire <id>).');
  } else if (command === 'retire') {
    const [newest] = await listVerifyKeys(db);
    if (newest?.id === retireId) {
      console.error(
        `Refused: key ${retireId} signs new prints. Run pnpm verify-keys rotate first. Nothing was changed.`,
      );
      status = 1;
    } else {
      const removed = await transaction(db, async (tx) => {
        const done = await deleteVerifyKey(tx, retireId!);
        if (done) await writeAudit(tx, { actor: ACTOR, action: 'delete', entity: 'verify_key', entityId: retireId });
        return done;
      });
      if (removed) console.log(`Retired key ${retireId}: paper printed with it no longer verifies.`);
      else {
        console.error(`Refused: there is no key ${retireId}. Nothing was changed.`);
        status = 1;
      }
    }
  }
  await listKeys(db, where);
} finally {
  if (isPostgres(db)) await closePostgres(db);
  else db.$client.close();
}
process.exit(status);
