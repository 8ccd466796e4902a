import { describe, expect, it } from 'vitest';
import { receiptInput } from '../../test/fixture';
import { pgTuitionReceipt } from '../../test/sponsors';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
const rs = (rupees: number) => rupees * 100;

/**
 * PG-001's Tuition Fee 30,000 in three terms (fine 100 ten days after a due date), paid in full; a scholarship of
 * 30,000 is recorded late, so the 30,000 the family paid becomes their credit, and the office refunds it.
 */
async function refundedCredit() {
  const admin = h.caller('admin');
  const staff = h.caller('pgStaff');
  await admin.plans.save({
    depId: 101,
    batchId: fx.pg.batchId,
    fineRule: { type: 'fixed', amountPaise: rs(100), graceDays: 10 },
    instalments: ['2025-06-10', '2025-09-10', '2025-12-10'].map((dueDate, i) => ({
      name: `Term ${i + 1}`,
      dueDate,
      fineRule: null,
      amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: rs(10_000) }],
    })),
  });
  for (const date of ['2025-06-05', '2025-09-05', '2025-12-05'])
    await admin.receipts.create(pgTuitionReceipt(fx, date, 10_000));
  const sponsorId = (await staff.sponsors.create({ name: 'Post-matric scholarship (SC)', kind: 'government' })).id;
  const share = await staff.sponsors.cover({
    depId: 101,
    sponsorId,
    studentId: fx.pg.studentId,
    feeHeadId: fx.heads.tuition,
    amount: '30000',
    date: '2025-12-20',
  } as never);
  await staff.refunds.create({
    depId: 101,
    studentId: fx.pg.studentId,
    date: '2026-01-05',
    amount: '30000',
    paymentMode: 'bank_transfer',
    paymentReference: 'NEFT 5512',
    reason: 'Paid what the scholarship covers',
    confirm: true,
  } as never);
  return { sponsorId, shareId: share.id };
}

/** Every figure of PG-001's Tuition and dues a screen shows, as [Fees Info, counter, dues report, dashboard]. */
async function figures() {
  const staff = h.caller('pgStaff');
  const info = await staff.receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId });
  const counter = await staff.receipts.entryContext({ depId: 101, studentId: fx.pg.studentId });
  const report = await staff.reports.dues({ depId: 101, courseId: 2000, includeSettled: true, limit: 100 });
  const row = report.batches[0]!.rows.find((r) => r.admissionNo === 'PG-001')!;
  const dashboard = await h.caller('admin').admin.dashboard();
  const tuition = info.rows.find((r) => r.feeHeadId === fx.heads.tuition)!;
  return {
    tuition: [tuition.paidPaise, tuition.balancePaise],
    counter: counter.heads.find((x) => x.feeHeadId === fx.heads.tuition)!.balancePaise,
    totals: [info.totals.paidPaise, info.totals.balancePaise, counter.totals.balancePaise],
    advance: [info.advancePaise, counter.advancePaise, row.advancePaise],
    report: [row.paidPaise, row.balancePaise],
    dashboard: dashboard.figures.departments.find((d) => d.depId === 101)?.duesOutstandingPaise,
  };
}

describe('a credit refunded leaves the heads', () => {
  it('the refund of a credit: Tuition neither owed nor in credit, nothing to chase', async () => {
    await refundedCredit();
    // 30,000 - 30,000 from the sponsor - (30,000 paid - 30,000 given back) = 0 everywhere.
    expect(await figures()).toEqual({
      tuition: [0, 0],
      counter: 0,
      totals: [0, 0, 0],
      advance: [0, 0, 0],
      report: [0, 0],
      dashboard: 0,
    });
    const dues = await h
      .caller('pgStaff')
      .plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-01-25' });
    expect([dues.outstanding, dues.fine.accrued, dues.toCollect]).toEqual([0, 0, 0]);
  });

  it('refund then a shortfall of 4,000: owed from the day it is recorded, fined only from then', async () => {
    const { sponsorId, shareId } = await refundedCredit();
    const staff = h.caller('pgStaff');
    await staff.sponsors.receipt({
      depId: 101,
      sponsorId,
      date: '2026-01-20',
      mode: 'bank_transfer',
      reference: 'NEFT 4471',
      allocations: [{ studentId: fx.pg.studentId, feeHeadId: fx.heads.tuition, amount: '26000' }],
    } as never);
    await staff.sponsors.shortfall({ depId: 101, id: shareId, date: '2026-01-20' });
    // 30,000 - 26,000 from the sponsor - 0 kept = 4,000: the head's credit was refunded, the shortfall is owed.
    expect(await figures()).toEqual({
      tuition: [0, rs(4_000)],
      counter: rs(4_000),
      totals: [0, rs(4_000), rs(4_000)],
      advance: [0, 0, 0],
      report: [0, rs(4_000)],
      dashboard: rs(4_000),
    });
    const soon = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-01-25' });
    expect(soon.instalments.map((i) => [i.name, i.outstanding, i.fine])).toEqual([
      ['Term 1', 0, 0],
      ['Term 2', 0, 0],
      ['Term 3', 0, 0],
      ['Scholarship shortfall', rs(4_000), 0],
    ]);
    const later = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-03-01' });
    expect([later.outstanding, later.fine.accrued, later.toCollect]).toEqual([rs(4_000), rs(100), rs(4_100)]);
    // Before the refund the family held the credit and owed nothing.
    const before = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-01-01' });
    expect(before.outstanding).toBe(0);
  });
});

describe('a credit settled "Adjusted from advance" onto another head', () => {
  const receipt = (feeHeadId: number, rupees: number, paymentMode: 'cash' | 'advance') => {
    return h.caller('ugStaff').receipts.create(
      receiptInput(fx, {
        date: '2025-08-01',
        lines: [[feeHeadId, rs(rupees)]],
        paymentMode,
        allowOverpayment: paymentMode === 'cash',
      }),
    );
  };
  /** [Tuition's balance, Exam's balance, the advance, the dues report's balance] of UG-001. */
  const figures = async () => {
    const staff = h.caller('ugStaff');
    const info = await staff.receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    const report = await staff.reports.dues({ depId: 100, courseId: 1003, includeSettled: true, limit: 1000 });
    const row = report.batches.flatMap((b) => b.rows).find((r) => r.studentId === fx.ug.studentId)!;
    const balance = (feeHeadId: number) => info.rows.find((r) => r.feeHeadId === feeHeadId)!.balancePaise;
    return [balance(fx.heads.tuition), balance(fx.heads.exam), info.advancePaise, row.balancePaise];
  };

  it('leaves the head it came from, moves nothing in what is owed, and comes back when that receipt is voided', async () => {
    // Tuition 25,000 - 2,000 - 500 - 10,000 paid = 12,500; Exam 1,500 paid 2,500 = -1,000, the advance.
    await receipt(fx.heads.exam, 2_500, 'cash');
    expect(await figures()).toEqual([rs(12_500), -rs(1_000), rs(1_000), rs(11_500)]);
    // 1,000 of the advance pays Tuition: Exam's credit is taken back; the family owes 11,500 in all as before.
    const settled = await receipt(fx.heads.tuition, 1_000, 'advance');
    expect(await figures()).toEqual([rs(11_500), 0, 0, rs(11_500)]);
    await h.caller('ugStaff').receipts.void({ number: settled.number, reason: 'Wrong entry' });
    expect(await figures()).toEqual([rs(12_500), -rs(1_000), rs(1_000), rs(11_500)]);
  });
});
