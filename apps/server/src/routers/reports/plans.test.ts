import {
  collectionsReport,
  duesReport,
  feeReceiptReport,
  receiptLinesReport,
  receiptsBetweenDatesReport,
  studentFeeInfoReport,
  studentStatement,
} from '@fees/db';
import { forgetStatements } from '@fees/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '@fees/db/testing';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);

/** The query plan of each statement a report prepares (parameters do not change plans without stat4). */
async function plansOf(run: () => unknown): Promise<string[][]> {
  const client = h.db.$client;
  forgetStatements(h.db);
  const texts: string[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = ((text: string) => {
    texts.push(text);
    return prepare(text);
  }) as typeof client.prepare;
  try {
    await run();
  } finally {
    client.prepare = prepare;
  }
  return texts.map((text) => {
    const named = Object.fromEntries((text.match(/@\w+/g) ?? []).map((p) => [p.slice(1), null]));
    const params = Object.keys(named).length > 0 ? [named] : (text.match(/\?/g) ?? []).map(() => null);
    return (prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
  });
}

// SQLite's query plans (EXPLAIN QUERY PLAN); PostgreSQL plans its own way.
describe.skipIf(onPostgres)('report query plans', () => {
  const cases: Array<[string, () => unknown]> = [
    ['feeReceipts', () => feeReceiptReport(h.db, { depId: 100, courseId: 1003, limit: 100 })],
    [
      'feeReceipts (text, one batch)',
      () => feeReceiptReport(h.db, { depId: 100, courseId: 1003, text: 'x', batchId: fx.ug.batchId, limit: 100 }),
    ],
    ['receiptLines', () => receiptLinesReport(h.db, { depId: 100, number: fx.ug.receiptNumber })],
    ['dues', () => duesReport(h.db, { depId: 100, courseId: 1003, limit: 100 })],
    ['dues (one batch)', () => duesReport(h.db, { depId: 100, courseId: 1003, batchId: fx.ug.batchId, limit: 100 })],
    ['studentFeeInfo', () => studentFeeInfoReport(h.db, { depId: 100, courseId: 1003, text: 'x', limit: 100 })],
    [
      'receiptsBetweenDates',
      () => receiptsBetweenDatesReport(h.db, { depId: 100, from: '2025-07-01', to: '2025-07-31', limit: 100 }),
    ],
    [
      'collections (one department)',
      () => collectionsReport(h.db, { depId: 100, from: '2025-07-01', to: '2025-07-31' }),
    ],
    ['collections (all)', () => collectionsReport(h.db, { from: '2025-07-01', to: '2025-07-31' })],
    ['statement', () => studentStatement(h.db, { depId: 100, studentId: fx.ug.studentId })],
  ];

  it.each(cases)('%s never scans receipts, receipt lines or students', async (_name, run) => {
    const plans = (await plansOf(run)).flat();
    expect(plans.length).toBeGreaterThan(0);
    // The students whose credit left are read from the few live receipts paid from the advance, through their own
    // partial index (and from refunds): never the receipts themselves.
    const scans = plans.filter((p) => /^SCAN (r|rl|s|st|receipts|receipt_lines|students)\b/.test(p));
    expect(scans.filter((p) => p !== 'SCAN receipts USING COVERING INDEX receipts_live_advance_idx')).toEqual([]);
  });

  const planOf = (name: string) => plansOf(cases.find(([n]) => n === name)![1]);

  it("totals a course from its batches' running totals and pages its rows batch by batch without a sort", async () => {
    const [course, totals, rows] = await planOf('feeReceipts');
    expect(course).toEqual(['SEARCH courses USING INTEGER PRIMARY KEY (rowid=?)']);
    expect(totals).toContain('SEARCH t USING INDEX sqlite_autoindex_course_batch_receipts_1 (course_id=?)');
    expect(totals!.filter((p) => /receipts? /.test(p))).toEqual([]);
    expect(rows).toEqual([
      'SEARCH r USING INDEX receipts_live_course_idx (course_id=? AND batch_id=?)',
      'SEARCH s USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });

  it('reads a date range through the department-date index; collections through the daily totals, a range per department', async () => {
    expect((await planOf('receiptsBetweenDates')).flat()).toContain(
      'SEARCH r USING INDEX receipts_department_date_idx (department_id=? AND date>? AND date<?)',
    );
    for (const name of ['collections (one department)', 'collections (all)']) {
      const plans = (await planOf(name)).flat();
      expect(plans).toContain(
        'SEARCH t USING INDEX sqlite_autoindex_daily_head_collections_1 (department_id=? AND date>? AND date<?)',
      );
      expect(plans).toContain(
        'SEARCH t USING INDEX sqlite_autoindex_daily_mode_collections_1 (department_id=? AND date>? AND date<?)',
      );
      // Sponsor receipts have no running totals (a few a year): a range of their own index per department.
      expect(plans).toContain(
        'SEARCH r USING INDEX sponsor_receipts_department_date_idx (department_id=? AND date>? AND date<?)',
      );
      expect(plans.filter((p) => /receipt/.test(p) && !/sponsor_receipt/.test(p))).toEqual([]);
    }
  });

  it("reads each student's money from student_money through its department, course and batch index", async () => {
    for (const name of ['dues', 'dues (one batch)']) {
      const plans = (await planOf(name)).flat();
      expect(
        plans.some((p) =>
          p.startsWith(
            'SEARCH m USING INDEX student_money_department_course_batch_idx (department_id=? AND course_id=?',
          ),
        ),
      ).toBe(true);
      // Of the receipts, only the few paid from the advance (what left a credit), through their partial index.
      expect(plans.filter((p) => /receipt/.test(p) && !/receipts_live_advance_idx/.test(p))).toEqual([]);
    }
  });

  it('totals a course from student_money alone and reads its first page from the first batches alone', async () => {
    const [totals, page] = await planOf('dues');
    expect(totals).toContain(
      'SEARCH m USING INDEX student_money_department_course_batch_idx (department_id=? AND course_id=?)',
    );
    expect(totals!.filter((p) => /^SEARCH s /.test(p))).toEqual([]);
    expect(page).toContain(
      'SEARCH m USING INDEX student_money_department_course_batch_idx (department_id=? AND course_id=? AND batch_id=?)',
    );
    expect(page).toContain('SEARCH s USING INTEGER PRIMARY KEY (rowid=?)');
  });
});
