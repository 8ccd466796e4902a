/**
 * `pnpm verify-keys` on the database a running server uses, on the suite's engine: a rotation makes
 * new prints carry the new key's code while older paper still verifies, retiring the old key makes
 * that paper fail, and the key signing new prints cannot be retired.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { closePostgres, type Database, openDatabase, openPostgres } from '@fees/db';
import { onPostgres, temporaryFolder } from '@fees/db/testing';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { paiseToRupeesText } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { createContextInner } from '../context';
import { createCaller } from '../routers/_app';
import { buildFixture, type Fixture } from '../test/fixture';
import { createAccount } from '../test/harness';

const SERVER_ROOT = join(import.meta.dirname, '..', '..');

let db: Database;
let env: Record<string, string>;
let postgres: TestPostgres | undefined;
let fx: Fixture;
let clerk: ReturnType<typeof createCaller>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  if (onPostgres) {
    postgres = await createTestPostgres();
    db = await openPostgres(postgres.url, { max: 2 });
    env = { DATABASE_URL: postgres.url };
  } else {
    const path = join(temporaryFolder('fees-verify-keys-'), 'fees.sqlite');
    db = openDatabase(path);
    env = { DATABASE_PATH: path, DATABASE_URL: '' };
  }
  const session = await createAccount(db, { email: 'ug@test.local', role: 'accountant', departmentId: 100 });
  fx = await buildFixture(db);
  const loginLimiter = new LoginLimiter();
  clerk = createCaller(createContextInner({ db, session, ip: '127.0.0.1', loginLimiter }));
  app = await buildApp({ deps: { db, loginLimiter, secureCookies: false }, webRoot: '/nonexistent' });
});

afterAll(async () => {
  await app.close();
  if (postgres) {
    await closePostgres(db);
    await postgres.stop();
  } else db.$client.close();
});

function verifyKeys(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/verify-keys.ts', ...args], {
    cwd: SERVER_ROOT,
    env: { ...process.env, INIT_CWD: SERVER_ROOT, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The receipt's printed verification link, as the receipt screen gives it now. */
async function printedPath(number: number): Promise<string> {
  return (await clerk.receipts.byNumber({ number })).verifyPath;
}

async function pageSays(path: string): Promise<string> {
  const page = await app.inject({ url: path, remoteAddress: '10.1.2.3' });
  return /Not a valid receipt/.test(page.body)
    ? 'Not a valid receipt'
    : /Valid receipt/.test(page.body)
      ? 'valid'
      : '?';
}

describe('pnpm verify-keys', () => {
  // Each run of the command is a Node process of its own: some seconds each on a busy machine.
  it('rotates the key while the server runs: old paper verifies until its key is retired', async () => {
    const paise = 12_345_00;
    const { number } = await clerk.receipts.create({
      depId: 100,
      studentId: fx.ug.studentId,
      date: '2025-08-01',
      items: [{ feeHeadId: fx.heads.tuition, particulars: 'Term fee', amount: paiseToRupeesText(paise) }],
      paymentMode: 'cash',
      total: paiseToRupeesText(paise),
      tax: '0.00',
      net: paiseToRupeesText(paise),
      confirm: true,
      allowOverpayment: true,
    });
    const oldPaper = await printedPath(number);
    expect(await pageSays(oldPaper)).toBe('valid');

    const rotated = verifyKeys('rotate');
    expect(rotated.stderr).toBe('');
    expect(rotated.status).toBe(0);
    expect(rotated.stdout).toContain('Added key 2');
    expect(rotated.stdout).toMatch(/key 2 .* signs new prints[\s\S]*key 1 .* verifies paper printed before/);
    const newPaper = await printedPath(number);
    expect(newPaper).not.toBe(oldPaper);
    expect(await pageSays(newPaper)).toBe('valid');
    expect(await pageSays(oldPaper)).toBe('valid');

    const newest = verifyKeys('retire', '2');
    expect(newest.status).toBe(1);
    expect(newest.stderr).toContain('Refused: key 2 signs new prints. Run pnpm verify-keys rotate first.');
    expect(verifyKeys('retire', '7').stderr).toContain('Refused: there is no key 7.');
    expect(await pageSays(oldPaper)).toBe('valid');

    const retired = verifyKeys('retire', '1');
    expect(retired.status).toBe(0);
    expect(retired.stdout).toContain('Retired key 1: paper printed with it no longer verifies.');
    expect(await pageSays(oldPaper)).toBe('Not a valid receipt');
    expect(await pageSays(newPaper)).toBe('valid');
    expect(await printedPath(number)).toBe(newPaper);
  }, 120_000);
});
