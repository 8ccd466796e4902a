import { collectionsReport, duesReport, feeReceiptReport, receiptLinesReport, receiptsBetweenDatesReport, studentFeeInfoReport, studentStatement } from '@fees/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type Fixture } from '../../test/fixture';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let fx: Fixture;

beforeAll(async () => {
  h = await createHarness();
  fx = buildFixture(h.db);
});

/** The query plans of every statement a report prepares (parameters do not change plans without stat4). */
function plansOf(run: () => unknown): string[] {
  const client = h.db.$client;
  const texts: string[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = ((text: string) => {
    texts.push(text);
    return prepare(text);
  }) as typeof client.prepare;
  try {
    run();
  } finally {
    client.prepare = prepare;
  }
  return texts.flatMap((text) => {
    const params = (text.match(/\?/g) ?? []).map(() => null);
    return (prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
  });
}

describe('report query plans', () => {
  const cases: Array<[string, () => unknown]> = [
    ['feeReceipts', () => feeReceiptReport(h.db, { depId: 100, courseId: 1003, text: 'x' })],
    ['receiptLines', () => receiptLinesReport(h.db, { depId: 100, number: fx.ug.receiptNumber })],
    ['dues', () => duesReport(h.db, { depId: 100, courseId: 1003 })],
    ['studentFeeInfo', () => studentFeeInfoReport(h.db, { depId: 100, courseId: 1003 })],
    ['receiptsBetweenDates', () => receiptsBetweenDatesReport(h.db, { depId: 100, from: '2025-07-01', to: '2025-07-31' })],
    ['collections (one department)', () => collectionsReport(h.db, { depId: 100, from: '2025-07-01', to: '2025-07-31' })],
    ['collections (all)', () => collectionsReport(h.db, { from: '2025-07-01', to: '2025-07-31' })],
    ['statement', () => studentStatement(h.db, { depId: 100, studentId: fx.ug.studentId })],
  ];

  it.each(cases)('%s never scans receipts, receipt lines or students', (_name, run) => {
    const plans = plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter((p) => /^SCAN (r|rl|s|st|receipts|receipt_lines|students)\b/.test(p))).toEqual([]);
  });

  it('reads a course report through the course index and a date range through the department-date index', () => {
    expect(plansOf(cases[0]![1])).toContain('SEARCH r USING INDEX receipts_course_batch_idx (course_id=?)');
    expect(plansOf(cases[4]![1])).toContain('SEARCH r USING INDEX receipts_department_date_idx (department_id=? AND date>? AND date<?)');
    expect(plansOf(cases[6]![1])).toContain('SEARCH r USING INDEX receipts_date_idx (date>? AND date<?)');
  });
});
