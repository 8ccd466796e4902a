import { sql } from 'drizzle-orm';
import { row } from '@fees/db';
import { isBelowZeroRefusal } from '@fees/validation';
import { describe, expect, it } from 'vitest';
import { accessRules } from '../test/access/rules';
import { refusal } from '../test/refusal';
import { useFixture, useHarness } from '../test/use-harness';

// The fixture's UG student: Tuition Fee 25,000.00 with a discount of 2,000.00 and an adjustment of
// 500.00, 10,000.00 paid (balance 12,500.00); Exam Fee 1,500.00, nothing paid.
const h = useHarness();
const fx = useFixture(h);

const balanceOf = async (head: 'tuition' | 'exam') => {
  const info = await h.caller('admin').receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
  return info.rows.find((row) => row.feeHeadId === fx.heads[head])?.balancePaise;
};
const discountRow = () =>
  row(
    h.db,
    sql`SELECT discount_paise AS d, adjustment_paise AS a, version FROM discounts WHERE id = ${fx.ug.discountId}`,
  );
const input = (path: string, fields: Record<string, unknown>) =>
  ({ ...(accessRules[path]?.input?.(fx, h) as object), ...fields }) as never;

describe('a discount or adjustment that would push a balance below zero', () => {
  it('is refused without the confirmation, naming the student count, the head and the balance; nothing is written', async () => {
    const before = await discountRow();
    const answer = await refusal(
      h.caller('admin').discounts.update(input('discounts.update', { discount: '15000', adjustment: '500' })),
    );
    expect(answer).toEqual({
      code: 'CONFLICT',
      message:
        'This would push the balance of 1 student below zero on Tuition Fee (lowest -500.00). Confirm to save it anyway.',
    });
    expect(isBelowZeroRefusal(answer.message)).toBe(true);
    expect(await discountRow()).toEqual(before);
    expect(await balanceOf('tuition')).toBe(12_500_00);
  });

  it('is saved with the confirmation, and the balance shows below zero', async () => {
    await h
      .caller('admin')
      .discounts.update(
        input('discounts.update', { discount: '15000', adjustment: '500', allowNegativeBalance: true }),
      );
    expect(await balanceOf('tuition')).toBe(-500_00);
  });

  it('down to exactly zero needs no confirmation', async () => {
    await h.caller('admin').discounts.update(input('discounts.update', { discount: '14500', adjustment: '500' }));
    expect(await balanceOf('tuition')).toBe(0);
  });

  it('a new discount on a head already paid in full is refused the same way, then saved when confirmed', async () => {
    const admin = h.caller('admin');
    await admin.receipts.create(input('receipts.create', {}));
    expect(await balanceOf('exam')).toBe(0);
    const count = () => row(h.db, sql`SELECT COUNT(*) AS n FROM discounts`);
    const before = await count();
    expect(
      await refusal(admin.discounts.create(input('discounts.create', { discount: '0', adjustment: '525.50' }))),
    ).toEqual({
      code: 'CONFLICT',
      message:
        'This would push the balance of 1 student below zero on Exam Fee (lowest -525.50). Confirm to save it anyway.',
    });
    expect(await count()).toEqual(before);
    await admin.discounts.create(
      input('discounts.create', { discount: '0', adjustment: '525.50', allowNegativeBalance: true }),
    );
    expect(await balanceOf('exam')).toBe(-525_50);
  });
});

describe('a fee structure change that would push balances below zero', () => {
  const tuitionEdit = (fields: Record<string, unknown>) =>
    input('fees.structures.update', { id: fx.ug.feeStructureIds[0], feeHeadId: fx.heads.tuition, ...fields });
  const amount = () =>
    row(h.db, sql`SELECT amount_paise AS amount FROM fee_structures WHERE id = ${fx.ug.feeStructureIds[0]}`);

  it('is refused without the confirmation, naming how many students go below zero; nothing is written', async () => {
    expect(await refusal(h.caller('admin').fees.structures.update(tuitionEdit({ amount: '12000' })))).toEqual({
      code: 'CONFLICT',
      message:
        'This would push the balance of 1 student below zero on Tuition Fee (lowest -500.00). Confirm to save it anyway.',
    });
    expect(await amount()).toEqual({ amount: 25_000_00 });
  });

  it('is saved with the confirmation; lowering to a zero balance needs none', async () => {
    await h.caller('admin').fees.structures.update(tuitionEdit({ amount: '12500' }));
    expect(await balanceOf('tuition')).toBe(0);
    await h.caller('admin').fees.structures.update(tuitionEdit({ amount: '12000', allowNegativeBalance: true }));
    expect(await balanceOf('tuition')).toBe(-500_00);
  });
});
