import { batches } from '@fees/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { today } from '../../config';
import { refusal } from '../../test/refusal';
import { type RestServer, startRestServer } from '../../test/rest';
import { coverShare, pgTuitionReceipt, receiveShare, type ShareOf } from '../../test/sponsors';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
const rs = (rupees: number) => rupees * 100;

let sponsorId: number;

/**
 * The late scholarship of docs/fee-plans.md: PG's Tuition Fee 30,000 in three terms (June, September, December 2025),
 * a fine of 100 ten days after each; PG-001 pays 10,000 and 8,000, and a post-matric scholarship covers 12,000.
 */
beforeEach(async () => {
  const admin = h.caller('admin');
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
  await admin.receipts.create(pgTuitionReceipt(fx, '2025-06-05', 10_000));
  await admin.receipts.create(pgTuitionReceipt(fx, '2025-09-05', 8_000));
  sponsorId = (await h.caller('pgStaff').sponsors.create({ name: 'Post-matric scholarship (SC)', kind: 'government' }))
    .id;
});

/** The scholarship's share of PG-001's Tuition Fee. */
const scholarship = (): ShareOf => ({ depId: 101, sponsorId, studentId: fx.pg.studentId, feeHeadId: fx.heads.tuition });

const cover = (amount: string) => coverShare(h.caller('pgStaff'), scholarship(), { amount }, '2025-07-01');

const receipt = (amount: string, key?: string) =>
  receiveShare(h.caller('pgStaff'), scholarship(), amount, {
    date: '2026-01-20',
    mode: 'bank_transfer',
    reference: 'NEFT 4471',
    ...(key ? { idempotencyKey: key } : {}),
  });

/**
 * PG-001 promoted into a new batch, 2026-27 (Tuition 20,000), after the scholarship covered 12,000 of 2025-2027's
 * Tuition Fee; the new batch's id.
 */
async function promotedWithScholarship(): Promise<number> {
  const next = (
    await h.db
      .insert(batches)
      .values({ departmentId: 101, courseId: 2000, name: '2026-27', startDate: '2026-06-01', endDate: '2027-03-31' })
      .returning()
  )[0]!.id;
  await h.caller('admin').fees.structures.create({
    depId: 101,
    batchId: next,
    feeHeadId: fx.heads.tuition,
    amount: '20000',
    startDate: '2026-06-01',
    endDate: '2027-03-31',
    confirm: true,
  } as never);
  await cover('12000');
  await h.caller('pgStaff').promotions.run({
    depId: 101,
    fromBatchId: fx.pg.batchId,
    toBatchId: next,
    students: [{ admNo: 'PG-001', action: 'promote' }],
  });
  return next;
}

describe('a sponsor covering a student', () => {
  it('leaves the share out of every dues figure: no defaulter, fine or notice while it is awaited', async () => {
    const staff = h.caller('pgStaff');
    const before = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-01-01' });
    expect([before.outstanding, before.fine.accrued]).toEqual([rs(12_000), rs(200)]);
    expect(await cover('12000')).toEqual({ id: expect.any(Number), amountPaise: rs(12_000) });
    const dues = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-01-01' });
    expect([dues.outstanding, dues.fine.accrued, dues.toCollect]).toEqual([0, 0, 0]);
    expect(dues.sponsored).toEqual([{ sponsorId, sponsor: 'Post-matric scholarship (SC)', amountPaise: rs(12_000) }]);
    const defaulters = await staff.reports.defaulters({ depId: 101, asOf: '2026-01-01' });
    expect(defaulters.rows.map((r) => r.admissionNo)).not.toContain('PG-001');
    const notices = await staff.plans.demandNotices({
      depId: 101,
      batchId: fx.pg.batchId,
      asOf: '2026-01-01',
      payBy: '2026-01-08',
    });
    expect(notices.notices.map((n) => n.admissionNo)).not.toContain('PG-001');
    const all = await staff.plans.dues({ depId: 101, asOf: '2026-01-01', batchId: fx.pg.batchId });
    expect(all.students.find((s) => s.admissionNo === 'PG-001')).toMatchObject({ toCollect: 0 });

    const counter = await staff.receipts.entryContext({ depId: 101, studentId: fx.pg.studentId });
    expect(counter.heads.find((x) => x.feeHeadId === fx.heads.tuition)).toMatchObject({
      feePaise: rs(30_000),
      sponsoredPaise: rs(12_000),
      paidPaise: rs(18_000),
      balancePaise: 0,
    });
    const statement = await staff.reports.statement({ depId: 101, studentId: fx.pg.studentId });
    expect(statement.totals).toMatchObject({ sponsoredPaise: rs(12_000), balancePaise: 0 });
    expect(statement.sponsors).toEqual([
      expect.objectContaining({
        sponsor: 'Post-matric scholarship (SC)',
        feeHead: 'Tuition Fee',
        expectedPaise: rs(12_000),
      }),
    ]);
    const report = await staff.reports.dues({ depId: 101, courseId: 2000, includeSettled: true });
    const row = report.batches[0]!.rows.find((r) => r.admissionNo === 'PG-001')!;
    // The report's columns add up: fee - discount - sponsored - paid = balance.
    expect(row).toMatchObject({ sponsoredPaise: rs(12_000), balancePaise: 0 });
    expect(row.feePaise - row.discountPaise - row.sponsoredPaise - row.paidPaise).toBe(row.balancePaise);
    expect(report.totals.sponsoredPaise).toBe(rs(12_000));
  });

  it('refuses a share above the fee less discounts and other shares, naming the head and the limit', async () => {
    await cover('20000');
    expect(await refusal(cover('1'))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Post-matric scholarship (SC) already covers Tuition Fee for this student',
    });
    const trust = (await h.caller('pgStaff').sponsors.create({ name: 'Mar Thoma Trust' })).id;
    const other = (amount: string) =>
      coverShare(h.caller('pgStaff'), { ...scholarship(), sponsorId: trust }, { amount });
    expect(await refusal(other('10000.01'))).toEqual({
      code: 'BAD_REQUEST',
      message:
        "Amount: the share of Tuition Fee can be at most 10000.00 (its fee in 2025-2027 less discounts and other sponsors' shares of 2025-2027)",
    });
    expect(await other('10000')).toMatchObject({ amountPaise: rs(10_000) });
    const ugStudent = { ...scholarship(), studentId: fx.ug.studentId };
    expect(await refusal(coverShare(h.caller('admin'), ugStudent, { amount: '1' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('takes a percent of the fee less discounts (UG: 25,000 less 2,500)', async () => {
    const ugStudent = { ...scholarship(), depId: 100, studentId: fx.ug.studentId };
    const share = await coverShare(h.caller('ugStaff'), ugStudent, { percent: '50' });
    expect(share.amountPaise).toBe(rs(11_250));
  });
});

describe('sponsor receipts', () => {
  it('a shortfall returns to the student due on the day recorded, fined only from then; the receivable is settled', async () => {
    const { id } = await cover('12000');
    const paid = await receipt('9000');
    expect(paid).toEqual({ id: expect.any(Number), number: 1, amountPaise: rs(9_000) });
    const staff = h.caller('pgStaff');
    expect(await staff.sponsors.shortfall({ depId: 101, id, date: '2026-01-20' })).toEqual({
      id,
      shortfallPaise: rs(3_000),
      date: '2026-01-20',
    });
    const soon = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-01-25' });
    expect(soon.instalments.map((i) => [i.name, i.dueDate, i.outstanding, i.fine])).toEqual([
      ['Term 1', '2025-06-10', 0, 0],
      ['Term 2', '2025-09-10', 0, 0],
      ['Term 3', '2025-12-10', 0, 0],
      ['Scholarship shortfall', '2026-01-20', rs(3_000), 0],
    ]);
    const later = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-03-01' });
    expect([later.outstanding, later.fine.accrued, later.toCollect]).toEqual([rs(3_000), rs(100), rs(3_100)]);
    const statement = await staff.sponsors.statement({ depId: 101, sponsorId });
    expect(statement.totals).toEqual({
      sponsoredPaise: rs(9_000),
      receivedPaise: rs(9_000),
      shortfallPaise: rs(3_000),
      receivablePaise: 0,
    });
    expect(statement.receipts.map((r) => [r.number, r.mode, r.amountPaise, r.allocations.length])).toEqual([
      [1, 'bank_transfer', rs(9_000), 1],
    ]);
    const fees = await staff.receipts.entryContext({ depId: 101, studentId: fx.pg.studentId });
    expect(fees.heads.find((x) => x.feeHeadId === fx.heads.tuition)?.balancePaise).toBe(rs(3_000));
    expect(await refusal(staff.sponsors.shortfall({ depId: 101, id, date: '2026-02-01' }))).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('is written once per idempotency key, numbered per department without gaps, and counted in the day book', async () => {
    await cover('12000');
    const first = await receipt('4000', 'sp-receipt-0001');
    expect(await receipt('4000', 'sp-receipt-0001')).toEqual(first);
    expect(await refusal(receipt('4001', 'sp-receipt-0001'))).toMatchObject({ code: 'CONFLICT' });
    const second = await receipt('3000');
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(await refusal(receipt('5000.01'))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Allocation 1: Rahul Nair (PG-001): Tuition Fee has only 5000.00 still expected from this sponsor',
    });
    const book = await h.caller('admin').reports.dayBook({ depId: 101, date: '2026-01-20' });
    expect(book.byUser.map((u) => [u.receipts, u.byModePaise.bank])).toEqual([[2, rs(7_000)]]);
    const receivables = await h.caller('pgStaff').sponsors.receivables({ depId: 101, asOf: '2026-01-20' });
    expect(receivables.rows).toEqual([
      {
        sponsorId,
        sponsor: 'Post-matric scholarship (SC)',
        ages: { '0-30': 0, '31-90': 0, '91-180': 0, 'over 180': rs(5_000) },
        totalPaise: rs(5_000),
      },
    ]);
  });

  it('allocates a sanction list from CSV after a preview naming each bad row', async () => {
    await cover('12000');
    const staff = h.caller('pgStaff');
    const fields = { depId: 101, sponsorId, date: '2026-01-20', mode: 'cheque', reference: 'CHQ 118822' } as const;
    const bad = 'Admission No,Fee head,Amount\nPG-001,Tuition Fee,6000\nPG-404,Tuition Fee,10\nPG-001,Exam Fee,5\n';
    const preview = await staff.sponsors.importPreview({ ...fields, csv: bad });
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [],
      ['Admission no: No student with admission no PG-404 in this department'],
      ['Head: Post-matric scholarship (SC) does not cover Exam Fee for Rahul Nair (PG-001)'],
    ]);
    expect((await refusal(staff.sponsors.importCommit({ ...fields, csv: bad }))).message).toMatch(
      /^2 of 3 rows are invalid \(lines 3, 4\); nothing was imported$/,
    );
    const good = 'admissionNo,head,amount\nPG-001,Tuition Fee,6000\n';
    expect(await staff.sponsors.importCommit({ ...fields, csv: good })).toMatchObject({
      number: 1,
      amountPaise: rs(6_000),
    });
  });
});

describe('a promoted student’s shares', () => {
  it('last year’s sanction is still received after the promotion: an allocation settles the oldest share first', async () => {
    await promotedWithScholarship();
    const staff = h.caller('pgStaff');
    await cover('5000');
    // One transfer for both years: 12,000 of 2025-2027's sanction, then 3,000 of 2026-27's.
    expect(await receipt('15000')).toMatchObject({ amountPaise: rs(15_000) });
    const shares = await staff.sponsors.shares({ depId: 101, sponsorId });
    expect(shares.map((x) => [x.batchName, x.amountPaise, x.receivedPaise, x.receivablePaise])).toEqual([
      ['2025-2027', rs(12_000), rs(12_000), 0],
      ['2026-27', rs(5_000), rs(3_000), rs(2_000)],
    ]);
    expect(await refusal(receipt('2000.01'))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Allocation 1: Rahul Nair (PG-001): Tuition Fee has only 2000.00 still expected from this sponsor',
    });
  });
});

describe('a promoted student’s new-year share', () => {
  it('is limited by the new year’s own fee less its discounts and shares, never by last year’s', async () => {
    // docs/fee-plans.md, a promoted student's scholarship: 2025-2027's Tuition 30,000 (12,000 of it sanctioned),
    // then 2026-27's 20,000 with a discount of 1,000.
    const next = await promotedWithScholarship();
    const admin = h.caller('admin');
    const staff = h.caller('pgStaff');
    await admin.discounts.create({
      depId: 101,
      courseId: 2000,
      batchId: next,
      studentId: fx.pg.studentId,
      feeHeadId: fx.heads.tuition,
      discount: '1000',
      adjustment: '0',
      note: 'Sibling',
      confirm: true,
    } as never);
    const trust = (await staff.sponsors.create({ name: 'Mar Thoma Trust', kind: 'trust' })).id;
    const byTrust = (part: { amount: string } | { percent: string }) =>
      coverShare(staff, { ...scholarship(), sponsorId: trust }, part, '2026-06-15');
    const limit = (field: string, rupees: string) => ({
      code: 'BAD_REQUEST',
      message: `${field}: the share of Tuition Fee can be at most ${rupees} (its fee in 2026-27 less discounts and other sponsors' shares of 2026-27)`,
    });
    // The whole head (50,000 - 1,000 - 12,000 = 37,000) would have taken 20,000: more than 2026-27's fee less discount.
    expect(await refusal(byTrust({ amount: '19000.01' }))).toEqual(limit('Amount', '19000.00'));
    expect(await cover('15000')).toMatchObject({ amountPaise: rs(15_000) });
    expect(await refusal(byTrust({ amount: '4000.01' }))).toEqual(limit('Amount', '4000.00'));
    expect(await refusal(byTrust({ percent: '100' }))).toEqual(limit('Percent', '4000.00'));
    expect(await byTrust({ amount: '4000' })).toMatchObject({ amountPaise: rs(4_000) });

    // What the accountant sees: 50,000 - 1,000 - 31,000 from sponsors - 18,000 paid = 0; no credit to refund.
    const counter = await staff.receipts.entryContext({ depId: 101, studentId: fx.pg.studentId });
    expect(counter.heads.find((x) => x.feeHeadId === fx.heads.tuition)).toMatchObject({
      feePaise: rs(50_000),
      discountPaise: rs(1_000),
      sponsoredPaise: rs(31_000),
      paidPaise: rs(18_000),
      balancePaise: 0,
    });
    expect(counter.advancePaise).toBe(0);
    const statement = await staff.reports.statement({ depId: 101, studentId: fx.pg.studentId });
    expect(statement.totals).toMatchObject({ sponsoredPaise: rs(31_000), balancePaise: 0 });
    const dues = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-07-01' });
    expect([dues.outstanding, dues.fine.accrued, dues.toCollect]).toEqual([0, 0, 0]);
    const lastYear = await staff.receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId, batchId: fx.pg.batchId });
    expect(lastYear.rows.find((r) => r.feeHeadId === fx.heads.tuition)).toMatchObject({
      feePaise: rs(30_000),
      sponsoredPaise: rs(12_000),
    });
    expect(
      await refusal(
        staff.refunds.create({
          depId: 101,
          studentId: fx.pg.studentId,
          date: '2026-07-01',
          amount: '1',
          paymentMode: 'cash',
          reason: 'Overpaid',
          confirm: true,
        } as never),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'Rahul Nair has no advance to refund' });
    const trustStatement = await staff.sponsors.statement({ depId: 101, sponsorId: trust });
    expect(trustStatement.shares.map((x) => [x.batchName, x.amountPaise, x.receivablePaise])).toEqual([
      ['2026-27', rs(4_000), rs(4_000)],
    ]);
    const scheme = await staff.sponsors.statement({ depId: 101, sponsorId });
    expect(scheme.shares.map((x) => [x.batchName, x.amountPaise])).toEqual([
      ['2025-2027', rs(12_000)],
      ['2026-27', rs(15_000)],
    ]);
    expect(scheme.totals).toMatchObject({ sponsoredPaise: rs(27_000), receivablePaise: rs(27_000) });
  });
});

describe('sponsor receipts where money is counted', () => {
  it('count in the collections report, the receipts between dates and the dashboard, under their mode and SP series', async () => {
    await cover('12000');
    const day = today();
    const staff = h.caller('pgStaff');
    await receiveShare(staff, scholarship(), '7000', { date: day, mode: 'bank_transfer', reference: 'NEFT 4471' });
    await h.caller('admin').receipts.create({ ...pgTuitionReceipt(fx, day, 1_500), allowOverpayment: true });

    const report = await staff.reports.collections({ depId: 101, from: day, to: day });
    const pg = report.departments[0]!;
    expect(pg).toMatchObject({
      count: 2,
      sponsorCount: 1,
      sponsorPaise: rs(7_000),
      headsPaise: rs(8_500),
      netPaise: rs(8_500),
      receivedPaise: rs(8_500),
    });
    expect(pg.byMode).toEqual([
      { mode: 'bank_transfer', count: 1, netPaise: rs(7_000) },
      { mode: 'cash', count: 1, netPaise: rs(1_500) },
    ]);
    expect(pg.byHead).toEqual([{ feeHeadId: fx.heads.tuition, feeHead: 'Tuition Fee', amountPaise: rs(8_500) }]);

    const between = await staff.reports.receiptsBetweenDates({ depId: 101, from: day, to: day });
    expect(between.rows.map((r) => r.netPaise)).toEqual([rs(1_500)]);
    expect(between.sponsorRows).toEqual([
      {
        number: 1,
        date: day,
        sponsorId,
        sponsor: 'Post-matric scholarship (SC)',
        mode: 'bank_transfer',
        reference: 'NEFT 4471',
        students: 1,
        amountPaise: rs(7_000),
      },
    ]);
    expect([between.totals, between.sponsorTotals]).toEqual([
      { count: 2, netPaise: rs(8_500) },
      { count: 1, netPaise: rs(7_000) },
    ]);

    const dashboard = await h.caller('admin').admin.dashboard();
    const figures = dashboard.figures.departments.find((d) => d.depId === 101)!;
    expect([figures.todayPaise, figures.monthPaise, figures.yearPaise]).toEqual([rs(8_500), rs(8_500), rs(8_500)]);
    expect(figures.modeMix).toEqual(pg.byMode);
    expect(dashboard.days.at(-1)!.byDepartment[101]).toBe(rs(8_500));
    // Against demand, the share is collected only as far as the sponsor's receipt came in: 5,000 still expected.
    const dues = await staff.reports.dues({ depId: 101, courseId: fx.pg.courseId, includeSettled: true, limit: 1000 });
    expect(figures.sponsorsOwePaise).toBe(rs(5_000));
    expect(figures.duesOutstandingPaise).toBe(dues.totals.balancePaise);
    expect(figures.demandCollectedPaise).toBe(dues.totals.paidPaise + rs(7_000));
    expect(figures.demandCollectedPaise + figures.duesOutstandingPaise + figures.sponsorsOwePaise).toBe(
      figures.demandPaise,
    );
    // All time: the two receipts of 2025, today's and the sponsor's.
    expect(dashboard.departments.find((d) => d.depId === 101)).toMatchObject({
      receiptCount: 4,
      totalPaise: rs(26_500),
    });
    const book = await staff.reports.dayBook({ depId: 101, date: day });
    expect(book.byUser.reduce((t, u) => t + u.totalPaise, 0)).toBe(figures.todayPaise);
    expect((await staff.students.dashboard({ depId: 101 })).todayTotalPaise).toBe(rs(8_500));
  });
});

describe('the advance of a sponsored student', () => {
  it('holds what the family paid of a sponsor’s share, refundable, and a sponsor receipt adds nothing to it', async () => {
    // Rahul paid 18,000; he pays the last 12,000 too before the scholarship of 12,000 is recorded.
    const admin = h.caller('admin');
    await admin.receipts.create(pgTuitionReceipt(fx, '2025-12-05', 12_000));
    const staff = h.caller('pgStaff');
    const advance = async () => {
      const counter = await staff.receipts.entryContext({ depId: 101, studentId: fx.pg.studentId });
      const info = await staff.receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId });
      const report = await staff.reports.dues({ depId: 101, courseId: 2000, includeSettled: true });
      const row = report.batches[0]!.rows.find((r) => r.admissionNo === 'PG-001')!;
      expect(info.advancePaise).toBe(counter.advancePaise);
      expect(row.advancePaise).toBe(counter.advancePaise);
      return [counter.heads.find((x) => x.feeHeadId === fx.heads.tuition)!.balancePaise, counter.advancePaise];
    };
    expect(await advance()).toEqual([0, 0]);
    await cover('12000');
    // He owes 30,000 - 12,000 from the sponsor - 30,000 paid = -12,000: his credit.
    expect(await advance()).toEqual([-rs(12_000), rs(12_000)]);
    await receipt('12000');
    expect(await advance()).toEqual([-rs(12_000), rs(12_000)]);
    const refunded = await staff.refunds.create({
      depId: 101,
      studentId: fx.pg.studentId,
      date: '2026-01-25',
      amount: '12000',
      paymentMode: 'bank_transfer',
      paymentReference: 'NEFT 5512',
      reason: 'Paid what the scholarship covers',
      confirm: true,
    } as never);
    expect(refunded).toMatchObject({ amountPaise: rs(12_000), advancePaise: 0 });
    // The credit refunded leaves the head: 30,000 - 12,000 - (30,000 paid - 12,000 given back) = 0.
    expect(await advance()).toEqual([0, 0]);
  });
});

describe('over REST', () => {
  let server: RestServer;
  beforeAll(async () => {
    server = await startRestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('POST /rest/v2/sponsors, /v2/sponsorships and /v2/sponsor-receipts; GET /rest/v2/dues shows the share apart', async () => {
    const { fixture } = server;
    const staff = await server.signIn('pgStaff');
    const sponsor = await staff.post('/v2/sponsors', { name: 'e-Grantz' });
    expect(sponsor.body).toEqual({ id: expect.any(Number), name: 'e-Grantz', kind: 'other' });
    expect((await staff.post('/v2/sponsors', { name: '' })).status).toBe(400);
    const share = { sponsorId: sponsor.body.id, depId: 101, admNo: 'PG-001', feeHeadId: fixture.heads.tuition };
    expect((await staff.post('/v2/sponsorships', { ...share, admNo: 'PG-404', amount: '100' })).status).toBe(404);
    const tooMuch = await staff.post('/v2/sponsorships', { ...share, amount: '30000.01' });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([
      400,
      "Amount: the share of Tuition Fee can be at most 30000.00 (its fee in 2025-2027 less discounts and other sponsors' shares of 2025-2027)",
    ]);
    expect((await staff.post('/v2/sponsorships', { ...share, amount: '5000' })).body).toEqual({
      id: expect.any(Number),
      amount: '5000.00',
    });
    const dues = await staff.get('/v2/dues', { depId: 101, asOf: '2025-07-01', admNo: 'PG-001' });
    expect(dues.body.students[0]).toMatchObject({
      outstanding: '25000.00',
      sponsorShare: '5000.00',
      sponsors: [{ sponsorId: sponsor.body.id, sponsor: 'e-Grantz', amount: '5000.00' }],
    });
    const body = {
      sponsorId: sponsor.body.id,
      date: '2025-08-01',
      mode: 'bank_transfer',
      reference: 'UTR 99812',
      allocations: [{ depId: 101, admNo: 'PG-001', feeHeadId: fixture.heads.tuition, amount: '2000' }],
    };
    const paid = await staff.post('/v2/sponsor-receipts', body);
    expect(paid.body).toEqual({ id: expect.any(Number), number: 1, amount: '2000.00' });
    const noReference = await staff.post('/v2/sponsor-receipts', { ...body, reference: '' });
    expect(noReference.status).toBe(400);
  });
});
