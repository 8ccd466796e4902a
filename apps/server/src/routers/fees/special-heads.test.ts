/**
 * Heads charged by their own rule (Advance, Late fee, Previous dues, Cheque bounce charge) never enter
 * a fee structure or a plan; rows older versions let in are reported, kept, and listed once at the counter.
 */
import { join } from 'node:path';
import { closePostgres, feeStructures, findFeeHeadByName, isPostgres, openDatabase, openPostgres } from '@fees/db';
import { onPostgres, temporaryFolder } from '@fees/db/testing';
import { createTestPostgres } from '@fees/db/testing/postgres';
import { ADVANCE_HEAD, CHEQUE_BOUNCE_HEAD, LATE_FEE_HEAD, PREVIOUS_DUES_HEAD } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildFixture, receiptInput } from '../../test/fixture';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';
import { startServer } from '../../test/server-process';

const h = useHarness();
const fx = useFixture(h);

const headId = async (name: string) => (await findFeeHeadByName(h.db, { name }))!.id;

const REFUSALS: Array<[string, string]> = [
  [ADVANCE_HEAD, 'Advance is collected by its own rule and cannot be in a fee structure'],
  [LATE_FEE_HEAD, 'Late fee is charged by the late fine rules of the fee plans and cannot be in a fee structure'],
  [
    PREVIOUS_DUES_HEAD,
    'Previous dues carries the opening balances from the old books and cannot be in a fee structure',
  ],
  [CHEQUE_BOUNCE_HEAD, 'Cheque bounce charge is charged when a cheque bounces and cannot be in a fee structure'],
];

const structure = (feeHeadId: number) => ({
  depId: 100,
  batchId: fx.ug.batchId,
  startDate: '2025-06-01',
  endDate: '2026-03-31',
  feeHeadId,
  amount: '500',
  confirm: true as const,
});

/** A row as an older version saved it, straight into the table. */
async function leftOver(name: string, amountPaise = 500_00) {
  const [row] = await h.db
    .insert(feeStructures)
    .values({
      batchId: fx.ug.batchId,
      feeHeadId: await headId(name),
      amountPaise,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
    })
    .returning();
  return row!;
}

const structureCount = async () => (await h.db.select().from(feeStructures)).length;

describe('a fee structure over a special head', () => {
  it.each(REFUSALS)('is refused on %s, naming the head, and nothing is written', async (name, message) => {
    const before = await structureCount();
    expect(await refusal(h.caller('admin').fees.structures.create(structure(await headId(name))))).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
    expect(await structureCount()).toBe(before);
  });

  it('cannot be made by moving an existing row onto a special head', async () => {
    const row = (await h.caller('admin').fees.structures.byId({ id: fx.ug.feeStructureIds[1]! }))!;
    expect(
      await refusal(
        h.caller('admin').fees.structures.update({
          ...structure(await headId(ADVANCE_HEAD)),
          id: row.id,
          version: row.version,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: REFUSALS[0]![1] });
    expect((await h.caller('admin').fees.structures.byId({ id: row.id })).feeHeadName).toBe(row.feeHeadName);
  });

  it('left by an older version can only be removed, not edited', async () => {
    const row = await leftOver(ADVANCE_HEAD);
    expect(
      await refusal(
        h.caller('admin').fees.structures.update({
          ...structure(row.feeHeadId),
          amount: '600',
          id: row.id,
          version: row.version,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: REFUSALS[0]![1] });
    await h.caller('admin').fees.structures.remove({ id: row.id });
    expect(await h.db.select().from(feeStructures).where(eq(feeStructures.id, row.id))).toEqual([]);
  });

  it('cannot be made by renaming a charged head to a special name', async () => {
    const previous = await headId(PREVIOUS_DUES_HEAD);
    await h.caller('admin').fees.heads.rename({ id: previous, name: 'Old dues' });
    expect(await refusal(h.caller('admin').fees.heads.rename({ id: fx.heads.exam, name: PREVIOUS_DUES_HEAD }))).toEqual(
      { code: 'BAD_REQUEST', message: REFUSALS[2]![1] },
    );
    expect((await h.caller('admin').fees.heads.list()).some((head) => head.name === PREVIOUS_DUES_HEAD)).toBe(false);
  });

  it('is refused in an instalment plan of a batch that still has one', async () => {
    const row = await leftOver(LATE_FEE_HEAD, 100_00);
    const plan = await h.caller('admin').plans.byBatch({ depId: 100, batchId: fx.ug.batchId });
    expect(
      await refusal(
        h.caller('admin').plans.save({
          depId: 100,
          batchId: fx.ug.batchId,
          fineRule: { type: 'none' },
          instalments: [
            {
              name: 'Term 1',
              dueDate: '2026-06-10',
              fineRule: null,
              amounts: plan.heads.map((head) => ({ feeHeadId: head.feeHeadId, amountPaise: head.amountPaise })),
            },
          ],
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: REFUSALS[1]![1] });
    expect(plan.heads.some((head) => head.feeHeadId === row.feeHeadId)).toBe(true);
  });
});

describe('rows over special heads left by older versions', () => {
  it('are kept, and the admin dashboard names each batch and head until they are removed', async () => {
    expect((await h.caller('admin').admin.dashboard()).structureWarnings).toEqual([]);
    const advance = await leftOver(ADVANCE_HEAD, 2_000_00);
    await leftOver(CHEQUE_BOUNCE_HEAD, 300_00);
    expect((await h.caller('admin').admin.dashboard()).structureWarnings).toEqual([
      'Arts and Science UG, batch 2025-2028 (BA English): its fee structure charges Advance 2000.00, but Advance is collected by its own rule and cannot be in a fee structure. Remove that row under Fee structures.',
      'Arts and Science UG, batch 2025-2028 (BA English): its fee structure charges Cheque bounce charge 300.00, but Cheque bounce charge is charged when a cheque bounces and cannot be in a fee structure. Remove that row under Fee structures.',
    ]);
    await h.caller('admin').fees.structures.remove({ id: advance.id });
    expect((await h.caller('admin').admin.dashboard()).structureWarnings).toHaveLength(1);
  });

  it('leave the receipt entry listing each head once, and a receipt on the batch still goes through', async () => {
    await leftOver(ADVANCE_HEAD, 2_000_00);
    await leftOver(LATE_FEE_HEAD, 100_00);
    const context = await h.caller('ugStaff').receipts.entryContext({ depId: 100, admissionNo: 'UG-001' });
    const ids = context.heads.map((head) => head.feeHeadId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(context.heads.map((head) => head.feeHead)).toEqual(expect.arrayContaining([ADVANCE_HEAD, LATE_FEE_HEAD]));
    const created = await h
      .caller('ugStaff')
      .receipts.create(receiptInput(fx, { date: '2025-08-01', lines: [[fx.heads.tuition, 100_00]] }));
    expect(created.totalPaise).toBe(100_00);
  });
});

describe('the server at start', { timeout: 120_000 }, () => {
  it('prints a warning naming each batch and head of such a row, after migrations', async () => {
    const postgres = onPostgres ? await createTestPostgres() : null;
    const path = join(temporaryFolder('fees-heads-'), 'fees.sqlite');
    const db = postgres ? await openPostgres(postgres.url) : openDatabase(path);
    const fixture = await buildFixture(db);
    const advance = (await findFeeHeadByName(db, { name: ADVANCE_HEAD }))!.id;
    await db.insert(feeStructures).values({
      batchId: fixture.ug.batchId,
      feeHeadId: advance,
      amountPaise: 2_000_00,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
    });
    if (isPostgres(db)) await closePostgres(db);
    else db.$client.close();
    const server = await startServer(
      postgres
        ? { DATABASE_URL: postgres.url, BACKUP_SCHEDULE: 'off' }
        : { DATABASE_PATH: path, BACKUP_SCHEDULE: 'off' },
    );
    try {
      expect(server.output()).toContain(
        'Warning: Arts and Science UG, batch 2025-2028 (BA English): its fee structure charges Advance 2000.00, but Advance is collected by its own rule and cannot be in a fee structure.',
      );
    } finally {
      await server.stop();
      await postgres?.stop();
    }
  });
});
