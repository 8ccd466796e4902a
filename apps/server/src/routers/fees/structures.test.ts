import { auditLog, discounts, feeStructures, findFeeHeadByName, receipts } from '@fees/db';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_AMOUNTS } from '../../test/fixture';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
let library: number;
beforeEach(async () => {
  library = (await findFeeHeadByName(h.db, { name: 'Library Fee' }))!.id;
});

const fields = () => ({
  depId: 100,
  batchId: fx.ug.batchId,
  startDate: '2025-06-01',
  endDate: '2026-03-31',
  feeHeadId: library,
  amount: '750.50',
  confirm: true,
});
const tuitionRow = () => ({ ...fields(), id: fx.ug.feeStructureIds[0]!, feeHeadId: fx.heads.tuition });

describe('fees.structures.create', () => {
  it('charges a head to a batch in paise and audits it', async () => {
    const result = await h.caller('admin').fees.structures.create(fields());
    expect(result).toEqual({
      Result: 'SAVED',
      Message: 'Library Fee saved for batch 2025-2028 (BA English)',
      id: expect.any(Number),
    });
    expect((await h.db.select().from(feeStructures).where(eq(feeStructures.id, result.id)).limit(1))[0]).toMatchObject({
      amountPaise: 750_50,
      feeHeadId: library,
    });
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fee_structure'), eq(auditLog.action, 'create'))),
    ).toHaveLength(1);
  });

  it.each([
    [{ amount: '' }, 'Required'],
    [{ amount: '0' }, 'Required'],
    [{ amount: '12.345' }, 'Not valid number with up to 2 decimal places'],
    [{ batchId: '' }, 'Required'],
    [{ feeHeadId: null }, 'Required'],
    [{ startDate: '' }, 'Required'],
    [{ endDate: '2025-05-31' }, 'The end date must not be before the start date'],
    [{ confirm: false }, 'Required'],
  ])('refuses %j with %j', async (change, message) => {
    expect(
      await refusal(h.caller('admin').fees.structures.create({ ...fields(), ...change } as ReturnType<typeof fields>)),
    ).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
  });

  it('refuses a head already charged to the batch, a batch of another department, an unknown head, and staff', async () => {
    expect(
      await refusal(h.caller('admin').fees.structures.create({ ...fields(), feeHeadId: fx.heads.tuition })),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Tuition Fee is already in the fee structure of batch 2025-2028 (BA English); edit that row instead',
    });
    expect(await refusal(h.caller('admin').fees.structures.create({ ...fields(), batchId: fx.pg.batchId }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This batch does not belong to the department',
    });
    expect(await refusal(h.caller('admin').fees.structures.create({ ...fields(), feeHeadId: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such fee head',
    });
    expect((await refusal(h.caller('ugStaff').fees.structures.create(fields()))).code).toBe('FORBIDDEN');
  });
});

describe('fees.structures.update', () => {
  it('changes amount and dates and audits before and after', async () => {
    const result = await h
      .caller('admin')
      .fees.structures.update({ ...tuitionRow(), amount: '26000', endDate: '2026-04-30' });
    expect(result).toEqual({
      Result: 'SAVED',
      Message: 'Tuition Fee updated for batch 2025-2028 (BA English)',
      id: fx.ug.feeStructureIds[0],
    });
    const after = (
      await h.db.select().from(feeStructures).where(eq(feeStructures.id, fx.ug.feeStructureIds[0]!)).limit(1)
    )[0];
    expect(after).toMatchObject({ amountPaise: 26_000_00, endDate: '2026-04-30' });
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fee_structure'), eq(auditLog.action, 'update')))
        .limit(1)
    )[0];
    expect(JSON.parse(audit!.before!)).toMatchObject({ amountPaise: FIXTURE_AMOUNTS.tuition });
  });

  it('will not lower an amount below a discount given on it', async () => {
    expect(await refusal(h.caller('admin').fees.structures.update({ ...tuitionRow(), amount: '2499.99' }))).toEqual({
      code: 'BAD_REQUEST',
      message:
        'A student of this batch has a discount and adjustment of 2500.00 on Tuition Fee; the amount cannot be lower',
    });
    await expect(
      h.caller('admin').fees.structures.update({ ...tuitionRow(), amount: '2500', allowNegativeBalance: true }),
    ).resolves.toMatchObject({ Result: 'SAVED' });
  });

  it('changes the head of an unused row, never of a row with receipts or discounts, nor onto a head the batch has', async () => {
    const examRow = { ...fields(), id: fx.ug.feeStructureIds[1]!, feeHeadId: library };
    await expect(h.caller('admin').fees.structures.update(examRow)).resolves.toMatchObject({
      Message: 'Library Fee updated for batch 2025-2028 (BA English)',
    });
    expect(
      await refusal(h.caller('admin').fees.structures.update({ ...tuitionRow(), feeHeadId: fx.heads.exam })),
    ).toEqual({
      code: 'CONFLICT',
      message:
        'Receipts or discounts already use Tuition Fee in batch 2025-2028; its batch and fee head cannot be changed',
    });
    expect(
      (await refusal(h.caller('admin').fees.structures.update({ ...examRow, feeHeadId: fx.heads.tuition }))).code,
    ).toBe('CONFLICT');
  });

  it('refuses an unknown id, bad input and staff', async () => {
    expect(await refusal(h.caller('admin').fees.structures.update({ ...tuitionRow(), id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such fee structure',
    });
    expect((await refusal(h.caller('admin').fees.structures.update({ ...tuitionRow(), amount: 'abc' }))).message).toBe(
      'Not valid number with up to 2 decimal places',
    );
    expect((await refusal(h.caller('ugStaff').fees.structures.update(tuitionRow()))).code).toBe('FORBIDDEN');
  });
});

describe('fees.structures.remove', () => {
  it('removes a head no receipt or discount uses, and audits it', async () => {
    const id = fx.ug.feeStructureIds[1]!;
    expect(await h.caller('admin').fees.structures.remove({ id })).toEqual({
      Result: 'DELETED',
      Message: 'Exam Fee removed from batch 2025-2028',
      id,
    });
    expect((await h.db.select().from(feeStructures).where(eq(feeStructures.id, id)).limit(1))[0]).toBeUndefined();
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fee_structure'), eq(auditLog.action, 'delete'))),
    ).toHaveLength(1);
  });

  it('refuses while live receipts or discounts use it; a voided receipt does not count', async () => {
    const id = fx.ug.feeStructureIds[0]!;
    expect(await refusal(h.caller('admin').fees.structures.remove({ id }))).toEqual({
      code: 'CONFLICT',
      message: 'Receipts have been issued for Tuition Fee in batch 2025-2028; it cannot be removed',
    });
    await h.db.update(receipts).set({ status: 'voided' });
    expect(await refusal(h.caller('admin').fees.structures.remove({ id }))).toEqual({
      code: 'CONFLICT',
      message: 'Students of batch 2025-2028 have discounts on Tuition Fee; remove those first',
    });
    await h.db.delete(discounts);
    await expect(h.caller('admin').fees.structures.remove({ id })).resolves.toMatchObject({ Result: 'DELETED' });
  });

  it('refuses an unknown id and staff', async () => {
    expect(await refusal(h.caller('admin').fees.structures.remove({ id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such fee structure',
    });
    expect((await refusal(h.caller('ugStaff').fees.structures.remove({ id: fx.ug.feeStructureIds[1]! }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('fees.structures.list, byBatch, byId', () => {
  it("lists a department's rows with names, dates and each batch's total", async () => {
    await h.caller('admin').fees.structures.create(fields());
    const rows = await h.caller('admin').fees.structures.list({ depId: 100 });
    expect(rows).toEqual([
      expect.objectContaining({
        feeHeadName: 'Tuition Fee',
        amountPaise: 25_000_00,
        batchName: '2025-2028',
        courseName: 'BA English',
        batchTotalPaise: 27_250_50,
      }),
      expect.objectContaining({ feeHeadName: 'Exam Fee', amountPaise: 1_500_00, batchTotalPaise: 27_250_50 }),
      expect.objectContaining({
        feeHeadName: 'Library Fee',
        amountPaise: 750_50,
        startDate: '2025-06-01',
        endDate: '2026-03-31',
      }),
    ]);
    expect(await h.caller('admin').fees.structures.list({ depId: 101 })).toHaveLength(1);
    expect((await refusal(h.caller('ugStaff').fees.structures.list({ depId: 100 }))).code).toBe('FORBIDDEN');
  });

  it("gives staff the heads and amounts of their own department's batch", async () => {
    expect(await h.caller('ugStaff').fees.structures.byBatch({ depId: 100, batchId: fx.ug.batchId })).toEqual([
      {
        id: fx.ug.feeStructureIds[0],
        batchId: fx.ug.batchId,
        feeHeadId: fx.heads.tuition,
        feeHeadName: 'Tuition Fee',
        amountPaise: 25_000_00,
        startDate: '2025-06-01',
        endDate: '2026-03-31',
        optional: 0,
      },
      {
        id: fx.ug.feeStructureIds[1],
        batchId: fx.ug.batchId,
        feeHeadId: fx.heads.exam,
        feeHeadName: 'Exam Fee',
        amountPaise: 1_500_00,
        startDate: '2025-06-01',
        endDate: '2026-03-31',
        optional: 0,
      },
    ]);
    expect(await refusal(h.caller('ugStaff').fees.structures.byBatch({ depId: 100, batchId: fx.pg.batchId }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such batch in this department',
    });
    expect(
      (await refusal(h.caller('pgStaff').fees.structures.byBatch({ depId: 100, batchId: fx.ug.batchId }))).code,
    ).toBe('FORBIDDEN');
  });

  it('finds one row with its department and names, or NOT_FOUND', async () => {
    expect(await h.caller('admin').fees.structures.byId({ id: fx.ug.feeStructureIds[0]! })).toMatchObject({
      departmentId: 100,
      courseId: 1003,
      batchName: '2025-2028',
      courseName: 'BA English',
      feeHeadName: 'Tuition Fee',
      amountPaise: 25_000_00,
    });
    expect(await refusal(h.caller('admin').fees.structures.byId({ id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such fee structure',
    });
    expect((await refusal(h.caller('ugStaff').fees.structures.byId({ id: fx.ug.feeStructureIds[0]! }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
