import { paiseToRupeesText } from '@fees/validation';
import { describe, expect, it } from 'vitest';
import { today } from '../../config';
import { academicYearOf } from '../../domain/admin/dashboard';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
const r = paiseToRupeesText;

/** A tuition receipt for the department's fixture student, paid in the given parts, no GST. */
function receiptInput(
  depId: 100 | 101,
  date: string,
  parts: Array<{ mode: 'cash' | 'upi'; paise: number }>,
): Parameters<ReturnType<typeof h.caller>['receipts']['create']>[0] {
  const net = parts.reduce((sum, p) => sum + p.paise, 0);
  return {
    depId,
    studentId: depId === 100 ? fx.ug.studentId : fx.pg.studentId,
    date,
    items: [{ feeHeadId: fx.heads.tuition, particulars: 'Fee', amount: r(net) }],
    payments: parts.map((p, i) => ({
      paymentMode: p.mode,
      amount: r(p.paise),
      ...(p.mode === 'upi' ? { paymentReference: `UPI-${i}` } : {}),
    })),
    total: r(net),
    tax: '0',
    net: r(net),
    confirm: true,
    allowOverpayment: true,
  };
}

describe('admin.dashboard figures', () => {
  it('names its periods: today, the month and the academic year (June to May)', () => {
    expect(academicYearOf('2026-11-27')).toEqual({ from: '2026-06-01', label: '2026-27' });
    expect(academicYearOf('2027-05-31')).toEqual({ from: '2026-06-01', label: '2026-27' });
    expect(academicYearOf('2099-06-01')).toEqual({ from: '2099-06-01', label: '2099-00' });
  });

  it('equal the collections, day book and dues reports, per department and in all, sponsor receipts counted', async () => {
    const day = today();
    const admin = h.caller('admin');
    await admin.receipts.create(
      receiptInput(100, day, [
        { mode: 'cash', paise: 4_000_00 },
        { mode: 'upi', paise: 1_250_50 },
      ]),
    );
    await admin.receipts.create(receiptInput(101, day, [{ mode: 'upi', paise: 3_000_00 }]));
    const monthStart = `${day.slice(0, 7)}-01`;
    if (monthStart < day) await admin.receipts.create(receiptInput(101, monthStart, [{ mode: 'cash', paise: 700_00 }]));
    // A sponsor's transfer for PG's student is money collected too, under its own mode.
    const pg = h.caller('pgStaff');
    const sponsorId = (await pg.sponsors.create({ name: 'e-Grantz' })).id;
    await pg.sponsors.cover({
      depId: 101,
      sponsorId,
      studentId: fx.pg.studentId,
      feeHeadId: fx.heads.tuition,
      amount: '5000',
    } as never);
    await pg.sponsors.receipt({
      depId: 101,
      sponsorId,
      date: day,
      mode: 'bank_transfer',
      reference: 'UTR 77120',
      allocations: [{ studentId: fx.pg.studentId, feeHeadId: fx.heads.tuition, amount: '2000' }],
    } as never);

    const dashboard = await admin.admin.dashboard();
    const year = academicYearOf(day);
    expect(dashboard.periods).toEqual({
      today: { from: day, to: day, label: day },
      month: { from: monthStart, to: day, label: expect.stringMatching(/^[A-Z][a-z]+ \d{4}$/) },
      year: { from: year.from, to: day, label: year.label },
    });
    const { figures } = dashboard;
    expect(figures.departments.find((d) => d.depId === 100)?.todayPaise).toBe(5_250_50);
    expect(figures.departments.find((d) => d.depId === 101)?.todayPaise).toBe(5_000_00);
    expect(figures.overall.todayPaise).toBe(10_250_50);

    for (const [key, period] of [
      ['todayPaise', dashboard.periods.today],
      ['monthPaise', dashboard.periods.month],
      ['yearPaise', dashboard.periods.year],
    ] as const) {
      const report = await admin.reports.collections({ from: period.from, to: period.to });
      expect(figures.overall[key]).toBe(report.overall.netPaise);
      for (const d of report.departments) {
        expect(figures.departments.find((f) => f.depId === d.depId)?.[key]).toBe(d.netPaise);
      }
    }
    const yearReport = await admin.reports.collections({ from: year.from, to: day });
    expect(figures.overall.modeMix).toEqual(
      yearReport.overall.byMode.map((m) => ({ mode: m.mode, count: m.count, netPaise: m.netPaise })),
    );
    expect(figures.overall.modeMix.map((m) => m.mode).sort()).toEqual(['bank_transfer', 'cash', 'upi']);

    const book = await admin.reports.dayBook({ date: day });
    expect(figures.overall.todayPaise).toBe(book.byUser.reduce((sum, u) => sum + u.totalPaise, 0));

    // Dues outstanding: the dues report's balance over every course of the department.
    for (const [depId, courseId] of [
      [100, fx.ug.courseId],
      [101, fx.pg.courseId],
    ] as const) {
      const dues = await admin.reports.dues({ depId, courseId, includeSettled: true, limit: 1000 });
      expect(dues.totals.balancePaise).not.toBe(0);
      const shown = figures.departments.find((d) => d.depId === depId)!;
      expect(shown.duesOutstandingPaise).toBe(dues.totals.balancePaise);
      // Collection against demand: the report's fee less its discounts, and what of it was paid: by the
      // students, and by the sponsor as far as its receipt came in (2,000 of the 5,000 share).
      const sponsorsOwe = depId === 101 ? 3_000_00 : 0;
      expect(shown.sponsorsOwePaise).toBe(sponsorsOwe);
      expect(shown.demandPaise).toBe(dues.totals.feePaise - dues.totals.discountPaise);
      expect(shown.demandCollectedPaise).toBe(
        dues.totals.feePaise - dues.totals.discountPaise - dues.totals.balancePaise - sponsorsOwe,
      );
    }
    for (const key of ['duesOutstandingPaise', 'demandPaise', 'demandCollectedPaise', 'sponsorsOwePaise'] as const)
      expect(figures.overall[key]).toBe(figures.departments.reduce((sum, d) => sum + d[key], 0));
  });

  it('count the defaulters and their overdue amount as the defaulters report of each department does', async () => {
    const admin = h.caller('admin');
    const summary = await admin.admin.defaultersSummary();
    expect(summary.asOf).toBe(today());
    expect(summary.departments.map((d) => d.depId)).toEqual([100, 101, 102, 103, 104, 105]);
    for (const d of summary.departments) {
      const report = await admin.reports.defaulters({ depId: d.depId, asOf: summary.asOf });
      expect(d).toEqual({
        depId: d.depId,
        count: report.rows.length,
        overduePaise: report.totals.outstanding,
        toCollectPaise: report.totals.toCollect,
      });
    }
    expect(summary.departments.find((d) => d.depId === 100)?.count).toBe(1);
    expect(summary.overall.count).toBe(summary.departments.reduce((s, d) => s + d.count, 0));
    expect(summary.overall.overduePaise).toBe(summary.departments.reduce((s, d) => s + d.overduePaise, 0));
  });

  it('are for administrators only', async () => {
    await expect(h.caller('ugStaff').admin.defaultersSummary()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
