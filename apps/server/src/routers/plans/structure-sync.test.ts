import { findFeeHeadByName, loadBatchPlan, writeBatchPlan, transaction } from '@fees/db';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_AMOUNTS } from '../../test/fixture';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
beforeEach(async () => {
  await transaction(h.db, (tx) =>
    writeBatchPlan(tx, {
      batchId: fx.ug.batchId,
      fineRule: { type: 'none' },
      userId: null,
      instalments: [
        {
          name: 'Term 1',
          dueDate: '2025-06-10',
          fineRule: null,
          amounts: [
            { feeHeadId: fx.heads.tuition, amountPaise: 15_000_00 },
            { feeHeadId: fx.heads.exam, amountPaise: FIXTURE_AMOUNTS.exam },
          ],
        },
        {
          name: 'Term 2',
          dueDate: '2025-11-10',
          fineRule: null,
          amounts: [
            { feeHeadId: fx.heads.tuition, amountPaise: 10_000_00 },
            { feeHeadId: fx.heads.exam, amountPaise: 0 },
          ],
        },
      ],
    }),
  );
});

const amountsOf = async (feeHeadId: number) =>
  (await loadBatchPlan(h.db, fx.ug.batchId)).instalments.map(
    (i) => i.amounts.find((a) => a.feeHeadId === feeHeadId)?.amountPaise,
  );
const tuitionRow = () => ({
  depId: 100,
  batchId: fx.ug.batchId,
  startDate: '2025-06-01',
  endDate: '2026-03-31',
  feeHeadId: fx.heads.tuition,
  confirm: true,
  id: fx.ug.feeStructureIds[0]!,
});

describe('a fee structure change on a batch with a plan', () => {
  it('puts a raise into the last instalment', async () => {
    await h.caller('admin').fees.structures.update({ ...tuitionRow(), amount: '26000' });
    expect(await amountsOf(fx.heads.tuition)).toEqual([15_000_00, 11_000_00]);
  });

  it('takes a cut off the last instalment, then the earlier ones backwards', async () => {
    // 12,000.00 is below what the student has paid and been given off: confirmed.
    await h.caller('admin').fees.structures.update({ ...tuitionRow(), amount: '12000', allowNegativeBalance: true });
    expect(await amountsOf(fx.heads.tuition)).toEqual([12_000_00, 0]);
  });

  it('puts a new head whole into the last instalment and drops a removed one', async () => {
    const library = (await findFeeHeadByName(h.db, { name: 'Library Fee' }))!.id;
    const { id } = await h
      .caller('admin')
      .fees.structures.create({ ...tuitionRow(), feeHeadId: library, amount: '750' });
    expect(await amountsOf(library)).toEqual([0, 750_00]);
    await h.caller('admin').fees.structures.remove({ id });
    expect(await amountsOf(library)).toEqual([undefined, undefined]);
  });
});

describe('reference data', () => {
  it('has the Late fee head, which cannot be renamed or deleted', async () => {
    const lateFee = (await findFeeHeadByName(h.db, { name: 'Late fee' }))!;
    expect(await refusal(h.caller('admin').fees.heads.rename({ id: lateFee.id, name: 'Fine' }))).toEqual({
      code: 'CONFLICT',
      message: 'Late fee cannot be renamed: late fines are found by this name',
    });
    expect(await refusal(h.caller('admin').fees.heads.remove({ id: lateFee.id }))).toEqual({
      code: 'CONFLICT',
      message: 'Late fee cannot be deleted: late fines are collected on it',
    });
  });
});
