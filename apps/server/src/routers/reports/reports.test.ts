import { batches, courses, discounts, feeHeads, feeStructures, receiptLines, receipts, students } from '@fees/db';
import { takeBackPaise } from '@fees/money';
import { MSG, REPORT_ROW_LIMIT_MAX } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GeneratedData, generateReportData, JULY } from '../../test/report-data';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
let data: GeneratedData;

/** The raw tables, read once after the data is built; every expectation below is summed from these. */
let raw: {
  students: (typeof students.$inferSelect)[];
  batches: (typeof batches.$inferSelect)[];
  structures: (typeof feeStructures.$inferSelect)[];
  discounts: (typeof discounts.$inferSelect)[];
  receipts: (typeof receipts.$inferSelect)[];
  lines: (typeof receiptLines.$inferSelect)[];
  heads: (typeof feeHeads.$inferSelect)[];
  courses: (typeof courses.$inferSelect)[];
};

beforeAll(async () => {
  data = await generateReportData(h.db, fx);
  raw = {
    students: await h.db.select().from(students),
    batches: await h.db.select().from(batches),
    structures: await h.db.select().from(feeStructures),
    discounts: await h.db.select().from(discounts),
    receipts: await h.db.select().from(receipts),
    lines: await h.db.select().from(receiptLines),
    heads: await h.db.select().from(feeHeads),
    courses: await h.db.select().from(courses),
  };
});

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
const liveReceiptIds = () => new Set(raw.receipts.filter((r) => r.status === 'live').map((r) => r.id));

/** Per fee head of the student's batch: fee, discount, adjustment, paid (live receipts only), balance. */
function expectedHeads(studentId: number) {
  const student = raw.students.find((s) => s.id === studentId)!;
  const live = liveReceiptIds();
  const heads = raw.structures
    .filter((fs) => fs.batchId === student.batchId)
    .map((fs) => {
      const discount = raw.discounts.find((d) => d.studentId === studentId && d.feeHeadId === fs.feeHeadId);
      const paid = sum(
        raw.lines
          .filter((l) => l.studentId === studentId && l.feeHeadId === fs.feeHeadId && live.has(l.receiptId))
          .map((l) => l.amountPaise),
      );
      const fee = fs.amountPaise;
      const disc = discount?.discountPaise ?? 0;
      const adj = discount?.adjustmentPaise ?? 0;
      return { feeHeadId: fs.feeHeadId, fee, disc, adj, paid, balance: fee - disc - adj - paid, taken: 0 };
    });
  // What the live receipts "Adjusted from advance" settled is taken back from the heads (no refunds here).
  const applied = sum(
    raw.receipts
      .filter((r) => r.studentId === studentId && r.status === 'live' && r.paymentMode === 'advance')
      .map((r) => r.totalPaise),
  );
  const taken = takeBackPaise(
    heads.map((x) => ({ balancePaise: x.balance, paidPaise: x.paid })),
    0,
    { appliedPaise: applied, refundedPaise: 0 },
  );
  return heads.map((x, k) => ({ ...x, paid: x.paid - taken[k]!, balance: x.balance + taken[k]!, taken: taken[k]! }));
}

function expectedStudent(studentId: number) {
  const heads = expectedHeads(studentId);
  const fee = sum(heads.map((x) => x.fee));
  const discount = sum(heads.map((x) => x.disc + x.adj));
  const paid = sum(heads.map((x) => x.paid));
  return { fee, discount, paid, balance: fee - discount - paid };
}

const batchName = (id: number) => raw.batches.find((b) => b.id === id)!.name;
/** Batches newest first: start date descending, then name. */
const newestFirst = (a: number, b: number) => {
  const x = raw.batches.find((r) => r.id === a)!;
  const y = raw.batches.find((r) => r.id === b)!;
  return y.startDate.localeCompare(x.startDate) || x.name.localeCompare(y.name);
};

describe('generated data', () => {
  it('has what the reports must cope with: voids, edits, GST, a batch without fees', () => {
    expect(data.voidedNumbers.length).toBeGreaterThan(0);
    expect(data.editedNumbers.length).toBeGreaterThan(0);
    expect(raw.receipts.some((r) => r.taxPaise > 0)).toBe(true);
    expect(raw.structures.some((s) => s.batchId === data.emptyBatchId)).toBe(false);
  });
});

describe('reports.feeReceipts', () => {
  it('lists the live receipts of the course by batch (newest first) then number, with SQL totals equal to the raw sums', async () => {
    const report = await h.caller('ugStaff').reports.feeReceipts({ depId: 100, courseId: 1003 });
    const expected = raw.receipts
      .filter((r) => r.status === 'live' && r.courseId === 1003 && r.departmentId === 100)
      .sort((a, b) => newestFirst(a.batchId, b.batchId) || a.number - b.number);
    const listed = report.batches.flatMap((b) => b.rows);
    expect(listed.map((r) => r.number)).toEqual(expected.map((r) => r.number));
    expect(listed.map((r) => r.netPaise)).toEqual(expected.map((r) => r.netPaise));
    expect(listed.some((r) => data.voidedNumbers.includes(r.number))).toBe(false);
    expect(report.totals).toEqual({ count: expected.length, netPaise: sum(expected.map((r) => r.netPaise)) });
    expect(report.batches.map((b) => b.batchId)).toEqual([...report.batches.map((b) => b.batchId)].sort(newestFirst));
    for (const batch of report.batches) {
      const own = expected.filter((r) => r.batchId === batch.batchId);
      expect(batch.totals).toEqual({ count: own.length, netPaise: sum(own.map((r) => r.netPaise)) });
      expect(batch.rows.every((r) => r.batchName === batch.batchName)).toBe(true);
    }
    const row = listed[0]!;
    const student = raw.students.find((s) => s.id === row.studentId)!;
    expect(row.admissionNo).toBe(student.admissionNo);
    expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('narrows to a search text (admission number, name or receipt number)', async () => {
    const caller = h.caller('ugStaff');
    const byAdmission = await caller.reports.feeReceipts({ depId: 100, courseId: 1003, text: 'UG-001' });
    expect(byAdmission.batches.flatMap((b) => b.rows).map((r) => r.number)).toEqual([fx.ug.receiptNumber]);
    expect(byAdmission.totals.netPaise).toBe(10_000_00);
    const none = await caller.reports.feeReceipts({ depId: 100, courseId: 1003, text: 'nobody_%' });
    expect(none).toEqual({ batches: [], totals: { count: 0, netPaise: 0 }, truncated: false });
  });

  it('stops the rows at the limit but keeps every batch with its complete totals', async () => {
    const caller = h.caller('ugStaff');
    const full = await caller.reports.feeReceipts({ depId: 100, courseId: 1003 });
    expect(full.truncated).toBe(false);
    const firstBatch = full.batches[0]!;
    const limit = firstBatch.rows.length + 1;
    const page = await caller.reports.feeReceipts({ depId: 100, courseId: 1003, limit });
    expect(page.truncated).toBe(true);
    expect(page.totals).toEqual(full.totals);
    expect(page.batches.map((b) => [b.batchId, b.totals])).toEqual(full.batches.map((b) => [b.batchId, b.totals]));
    expect(page.batches.flatMap((b) => b.rows)).toEqual(full.batches.flatMap((b) => b.rows).slice(0, limit));
    expect(page.batches.map((b) => b.truncated)).toEqual(full.batches.map((_, i) => i > 0));
    expect(page.batches[2]!.rows).toEqual([]);
  });

  it('lists one batch when asked, with that batch alone in the totals', async () => {
    const full = await h.caller('ugStaff').reports.feeReceipts({ depId: 100, courseId: 1003 });
    const second = full.batches[1]!;
    const one = await h.caller('ugStaff').reports.feeReceipts({ depId: 100, courseId: 1003, batchId: second.batchId });
    expect(one).toEqual({ batches: [second], totals: second.totals, truncated: false });
  });

  it('refuses a limit above the maximum', async () => {
    await expect(
      h.caller('ugStaff').reports.feeReceipts({ depId: 100, courseId: 1003, limit: REPORT_ROW_LIMIT_MAX + 1 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("refuses an untouched course with 'Required'", async () => {
    await expect(
      h.caller('ugStaff').reports.feeReceipts({ depId: 100, courseId: '' as unknown as number }),
    ).rejects.toThrow(MSG.required);
  });

  it('shows nothing of another department through a foreign course id', async () => {
    const report = await h.caller('ugStaff').reports.feeReceipts({ depId: 100, courseId: 2000 });
    expect(report.totals.count).toBe(0);
  });
});

describe('reports.receiptLines', () => {
  it("returns a receipt's lines with fee head names, matching the raw lines", async () => {
    const edited = raw.receipts.find((r) => r.number === data.editedNumbers[0])!;
    const result = await h
      .caller('admin')
      .reports.receiptLines({ depId: edited.departmentId as 100, number: edited.number });
    const lines = raw.lines.filter((l) => l.receiptId === edited.id).sort((a, b) => a.lineNo - b.lineNo);
    expect(result.lines.map((l) => [l.lineNo, l.feeHeadId, l.particulars, l.amountPaise])).toEqual(
      lines.map((l) => [l.lineNo, l.feeHeadId, l.particulars, l.amountPaise]),
    );
    expect(result.lines.map((l) => l.feeHead)).toEqual(
      lines.map((l) => raw.heads.find((x) => x.id === l.feeHeadId)!.name),
    );
    expect(sum(result.lines.map((l) => l.amountPaise))).toBe(result.totalPaise);
    expect(result.netPaise).toBe(edited.netPaise);
  });

  it("is NOT_FOUND for another department's receipt or an unknown number", async () => {
    const caller = h.caller('admin');
    const pgReceipt = raw.receipts.find((r) => r.departmentId === 101)!;
    await expect(caller.reports.receiptLines({ depId: 100, number: pgReceipt.number })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(caller.reports.receiptLines({ depId: 100, number: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('reports.dues', () => {
  const courseStudents = () => raw.students.filter((s) => s.departmentId === 100 && s.courseId === 1003);

  it('gives every student fee, discount, paid and balance = fee - discount - paid, with batch and grand totals', async () => {
    const report = await h.caller('ugStaff').reports.dues({ depId: 100, courseId: 1003, includeSettled: true });
    const rows = report.batches.flatMap((b) => b.rows);
    expect(rows.map((r) => r.studentId).sort()).toEqual(
      courseStudents()
        .map((s) => s.id)
        .sort(),
    );
    for (const row of rows) {
      const e = expectedStudent(row.studentId);
      expect({
        fee: row.feePaise,
        discount: row.discountPaise,
        paid: row.paidPaise,
        balance: row.balancePaise,
      }).toEqual(e);
      expect(row.balancePaise).toBe(row.feePaise - row.discountPaise - row.paidPaise);
    }
    for (const batch of report.batches) {
      const own = courseStudents()
        .filter((s) => s.batchId === batch.batchId)
        .map((s) => expectedStudent(s.id));
      expect(batch.totals).toEqual({
        count: own.length,
        feePaise: sum(own.map((x) => x.fee)),
        discountPaise: sum(own.map((x) => x.discount)),
        // No sponsors here (sponsors.test.ts has them).
        sponsoredPaise: 0,
        paidPaise: sum(own.map((x) => x.paid)),
        balancePaise: sum(own.map((x) => x.balance)),
      });
    }
    const all = courseStudents().map((s) => expectedStudent(s.id));
    expect(report.totals.balancePaise).toBe(sum(all.map((x) => x.balance)));
    expect(report.totals.paidPaise).toBe(sum(all.map((x) => x.paid)));
    expect(report.batches.map((b) => b.batchName)).toEqual(['2025-2028', '2022-2025', '2023-2026', '2024-2027']);
    expect(report.truncated).toBe(false);
  });

  it('keeps complete batch and grand totals when the rows stop at the limit, and lists one batch when asked', async () => {
    const caller = h.caller('ugStaff');
    const full = await caller.reports.dues({ depId: 100, courseId: 1003, includeSettled: true });
    const page = await caller.reports.dues({ depId: 100, courseId: 1003, includeSettled: true, limit: 3 });
    expect(page.truncated).toBe(true);
    expect(page.totals).toEqual(full.totals);
    expect(page.batches.map((b) => [b.batchId, b.totals])).toEqual(full.batches.map((b) => [b.batchId, b.totals]));
    expect(page.batches.flatMap((b) => b.rows)).toEqual(full.batches.flatMap((b) => b.rows).slice(0, 3));
    const batch = full.batches[2]!;
    const one = await caller.reports.dues({ depId: 100, courseId: 1003, includeSettled: true, batchId: batch.batchId });
    const { advanceTotalPaise: _advance, ...oneBatch } = one;
    expect(oneBatch).toEqual({ batches: [batch], totals: batch.totals, truncated: false });
  });

  it('leaves out settled students unless asked for them', async () => {
    const report = await h.caller('ugStaff').reports.dues({ depId: 100, courseId: 1003 });
    const ids = report.batches.flatMap((b) => b.rows).map((r) => r.studentId);
    expect(ids).not.toContain(data.settledStudentId);
    expect(expectedStudent(data.settledStudentId).balance).toBe(0);
    const withBalance = courseStudents().filter((s) => expectedStudent(s.id).balance !== 0);
    expect(ids.sort()).toEqual(withBalance.map((s) => s.id).sort());
    expect(report.totals.count).toBe(withBalance.length);
  });

  it('counts the fixture student exactly: 26,500 - 2,500 - 10,000 = 14,000', async () => {
    const report = await h.caller('admin').reports.dues({ depId: 100, courseId: 1003 });
    const row = report.batches.flatMap((b) => b.rows).find((r) => r.studentId === fx.ug.studentId)!;
    expect(row).toMatchObject({
      feePaise: 26_500_00,
      discountPaise: 2_500_00,
      paidPaise: 10_000_00,
      balancePaise: 14_000_00,
    });
  });
});

describe('reports.studentFeeInfo', () => {
  it('gives fee, discount and final fee per student equal to the raw sums', async () => {
    const report = await h.caller('ugStaff').reports.studentFeeInfo({ depId: 100, courseId: 1003 });
    const rows = report.batches.flatMap((b) => b.rows);
    expect(rows).toHaveLength(data.ugStudentIds.length);
    for (const row of rows) {
      const e = expectedStudent(row.studentId);
      expect([row.feePaise, row.discountPaise, row.finalFeePaise]).toEqual([e.fee, e.discount, e.fee - e.discount]);
      expect(row.batchName).toBe(batchName(raw.students.find((s) => s.id === row.studentId)!.batchId));
    }
    const all = rows.map((r) => expectedStudent(r.studentId));
    expect(report.totals).toEqual({
      count: rows.length,
      feePaise: sum(all.map((x) => x.fee)),
      discountPaise: sum(all.map((x) => x.discount)),
      finalFeePaise: sum(all.map((x) => x.fee - x.discount)),
    });
    const empty = report.batches.find((b) => b.batchId === data.emptyBatchId)!;
    expect(empty.totals).toEqual({ count: 1, feePaise: 0, discountPaise: 0, finalFeePaise: 0 });
    const page = await h.caller('ugStaff').reports.studentFeeInfo({ depId: 100, courseId: 1003, limit: 2 });
    expect(page).toMatchObject({ truncated: true, totals: report.totals });
    expect(page.batches.flatMap((b) => b.rows)).toEqual(rows.slice(0, 2));
  });

  it('narrows to a search text', async () => {
    const report = await h.caller('ugStaff').reports.studentFeeInfo({ depId: 100, courseId: 1003, text: 'anjali' });
    expect(report.batches.flatMap((b) => b.rows).map((r) => r.studentId)).toEqual([fx.ug.studentId]);
  });
});

describe('reports.receiptsBetweenDates', () => {
  it('includes receipts dated exactly on the from and to days, and nothing outside, voided or of another department', async () => {
    const report = await h.caller('ugStaff').reports.receiptsBetweenDates({ depId: 100, ...JULY });
    const expected = raw.receipts
      .filter((r) => r.status === 'live' && r.departmentId === 100 && r.date >= JULY.from && r.date <= JULY.to)
      .sort((a, b) => a.date.localeCompare(b.date) || a.number - b.number);
    expect(report.rows.map((r) => r.number)).toEqual(expected.map((r) => r.number));
    expect(report.rows.map((r) => r.paymentMode)).toEqual(expected.map((r) => r.paymentMode));
    expect(report.rows.some((r) => r.date === JULY.from)).toBe(true);
    expect(report.rows.some((r) => r.date === JULY.to)).toBe(true);
    expect(
      raw.receipts.some(
        (r) => r.departmentId === 100 && r.status === 'live' && (r.date === '2025-06-30' || r.date === '2025-08-01'),
      ),
    ).toBe(true);
    expect(report.totals).toEqual({ count: expected.length, netPaise: sum(expected.map((r) => r.netPaise)) });
    const row = report.rows[0]!;
    const source = expected[0]!;
    expect(row).toMatchObject({
      studentName: source.studentName,
      batchName: batchName(source.batchId),
      courseName: raw.courses.find((c) => c.id === source.courseId)!.name,
      admissionNo: raw.students.find((s) => s.id === source.studentId)!.admissionNo,
    });
  });

  it('stops the rows at the limit and still totals every receipt of the period', async () => {
    const full = await h.caller('ugStaff').reports.receiptsBetweenDates({ depId: 100, ...JULY });
    const page = await h.caller('ugStaff').reports.receiptsBetweenDates({ depId: 100, ...JULY, limit: 2 });
    expect(page).toEqual({ ...full, rows: full.rows.slice(0, 2), truncated: true });
  });

  it('accepts a single day (from = to)', async () => {
    const report = await h.caller('ugStaff').reports.receiptsBetweenDates({ depId: 100, from: JULY.to, to: JULY.to });
    const expected = raw.receipts.filter((r) => r.status === 'live' && r.departmentId === 100 && r.date === JULY.to);
    expect(report.totals).toEqual({ count: expected.length, netPaise: sum(expected.map((r) => r.netPaise)) });
  });

  it('refuses from after to with its message, and a missing date with Required', async () => {
    const caller = h.caller('ugStaff');
    await expect(
      caller.reports.receiptsBetweenDates({ depId: 100, from: '2025-07-31', to: '2025-07-01' }),
    ).rejects.toThrow(MSG.dateRangeOrder);
    await expect(caller.reports.receiptsBetweenDates({ depId: 100, from: '', to: '2025-07-01' })).rejects.toThrow(
      MSG.required,
    );
  });
});

describe('reports.collections', () => {
  const inJuly = (r: { date: string; status: string }) =>
    r.status === 'live' && r.date >= JULY.from && r.date <= JULY.to;

  function expectedCollections(depId: number | null) {
    const scoped = raw.receipts.filter((r) => inJuly(r) && (depId === null || r.departmentId === depId));
    const ids = new Set(scoped.map((r) => r.id));
    const lines = raw.lines.filter((l) => ids.has(l.receiptId));
    const byHead = [...new Set(lines.map((l) => l.feeHeadId))]
      .map((feeHeadId) => ({
        feeHeadId,
        amountPaise: sum(lines.filter((l) => l.feeHeadId === feeHeadId).map((l) => l.amountPaise)),
      }))
      .sort((a, b) => a.feeHeadId - b.feeHeadId);
    const byMode = [...new Set(scoped.map((r) => r.paymentMode))]
      .map((mode) => ({
        mode,
        count: scoped.filter((r) => r.paymentMode === mode).length,
        netPaise: sum(scoped.filter((r) => r.paymentMode === mode).map((r) => r.netPaise)),
      }))
      .sort((a, b) => a.mode.localeCompare(b.mode));
    return {
      byHead,
      byMode,
      headsPaise: sum(lines.map((l) => l.amountPaise)),
      taxPaise: sum(scoped.map((r) => r.taxPaise)),
      netPaise: sum(scoped.map((r) => r.netPaise)),
      count: scoped.length,
    };
  }

  function comparable(t: {
    byHead: Array<{ feeHeadId: number; amountPaise: number }>;
    byMode: Array<{ mode: string; count: number; netPaise: number }>;
    headsPaise: number;
    taxPaise: number;
    netPaise: number;
    count: number;
  }) {
    return {
      byHead: t.byHead
        .map(({ feeHeadId, amountPaise }) => ({ feeHeadId, amountPaise }))
        .sort((a, b) => a.feeHeadId - b.feeHeadId),
      byMode: [...t.byMode].sort((a, b) => a.mode.localeCompare(b.mode)),
      headsPaise: t.headsPaise,
      taxPaise: t.taxPaise,
      netPaise: t.netPaise,
      count: t.count,
    };
  }

  it('totals one department by fee head (pre-tax), GST apart, and by payment mode', async () => {
    const report = await h.caller('ugStaff').reports.collections({ depId: 100, ...JULY });
    expect(report.departments.map((d) => d.depId)).toEqual([100]);
    expect(comparable(report.departments[0]!)).toEqual(expectedCollections(100));
    expect(comparable(report.overall)).toEqual(expectedCollections(100));
    expect(report.overall.headsPaise + report.overall.taxPaise).toBe(report.overall.netPaise);
    expect(report.overall.taxPaise).toBeGreaterThan(0);
  });

  it('totals every department and overall for an admin', async () => {
    const report = await h.caller('admin').reports.collections(JULY);
    expect(report.departments.map((d) => d.depId)).toEqual([100, 101, 102, 103, 104, 105]);
    for (const dep of report.departments) expect(comparable(dep)).toEqual(expectedCollections(dep.depId));
    expect(comparable(report.overall)).toEqual(expectedCollections(null));
    expect(report.departments.find((d) => d.depId === 102)).toMatchObject({
      count: 0,
      netPaise: 0,
      byHead: [],
      byMode: [],
    });
  });

  it('refuses all departments to department staff, and another department', async () => {
    await expect(h.caller('ugStaff').reports.collections(JULY)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(h.caller('ugStaff').reports.collections({ depId: 101, ...JULY })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(h.caller('anonymous').reports.collections(JULY)).rejects.toBeInstanceOf(TRPCError);
  });

  it('refuses from after to', async () => {
    await expect(h.caller('admin').reports.collections({ from: '2025-08-01', to: '2025-07-01' })).rejects.toThrow(
      MSG.dateRangeOrder,
    );
  });
});

describe('reports.statement', () => {
  it('gives every head its fee, discount, adjustment, live payments and balance = fee - discount - paid', async () => {
    const caller = h.caller('ugStaff');
    for (const studentId of data.ugStudentIds) {
      const statement = await caller.reports.statement({ depId: 100, studentId });
      const expected = expectedHeads(studentId);
      expect(
        statement.heads.map((x) => [
          x.feeHeadId,
          x.feePaise,
          x.discountPaise,
          x.adjustmentPaise,
          x.paidPaise,
          x.balancePaise,
        ]),
      ).toEqual(expected.map((x) => [x.feeHeadId, x.fee, x.disc, x.adj, x.paid, x.balance]));
      for (const head of statement.heads) {
        const taken = expected.find((x) => x.feeHeadId === head.feeHeadId)!.taken;
        expect(sum(head.payments.map((p) => p.amountPaise)) - taken).toBe(head.paidPaise);
        expect(head.payments.some((p) => data.voidedNumbers.includes(p.receiptNumber))).toBe(false);
      }
      const e = expectedStudent(studentId);
      expect(statement.totals.feePaise).toBe(e.fee);
      expect(statement.totals.discountPaise + statement.totals.adjustmentPaise).toBe(e.discount);
      expect(statement.totals.paidPaise).toBe(e.paid);
      expect(statement.totals.balancePaise).toBe(e.balance);
    }
  });

  it("matches the dues report's balance for every student", async () => {
    const caller = h.caller('ugStaff');
    const dues = await caller.reports.dues({ depId: 100, courseId: 1003, includeSettled: true });
    for (const row of dues.batches.flatMap((b) => b.rows)) {
      const statement = await caller.reports.statement({ depId: 100, studentId: row.studentId });
      expect(statement.totals.balancePaise).toBe(row.balancePaise);
    }
  });

  it('shows the fixture student with their receipt', async () => {
    const statement = await h.caller('ugStaff').reports.statement({ depId: 100, studentId: fx.ug.studentId });
    expect(statement.student).toMatchObject({
      admissionNo: 'UG-001',
      name: 'Anjali Menon',
      courseName: 'BA English',
      batchName: '2025-2028',
    });
    const tuition = statement.heads.find((x) => x.feeHeadId === fx.heads.tuition)!;
    expect(tuition).toMatchObject({
      feePaise: 25_000_00,
      discountPaise: 2_000_00,
      adjustmentPaise: 500_00,
      paidPaise: 10_000_00,
      balancePaise: 12_500_00,
    });
    expect(tuition.payments).toEqual([
      {
        receiptNumber: fx.ug.receiptNumber,
        lineNo: 1,
        date: '2025-07-01',
        particulars: 'First instalment',
        paymentMode: 'cash',
        amountPaise: 10_000_00,
      },
    ]);
  });

  it('is NOT_FOUND for a student of another department', async () => {
    await expect(h.caller('admin').reports.statement({ depId: 100, studentId: fx.pg.studentId })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
  });
});
