import { batches, feeStructures, students } from '@fees/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);

/**
 * Besides the fixture's '2025-2028' (started 2025-06-01), BA English gets 'A-2026' (newest, but its
 * name sorts after) and 'Z-2019' (oldest, its name sorts last): name order and newest-first differ.
 */
const NEWEST_FIRST = ['A-2026', '2025-2028', 'Z-2019'];

beforeAll(async () => {
  const added = [
    { name: 'A-2026', startDate: '2026-06-01', endDate: '2029-03-31', admissionNo: 'UG-901' },
    { name: 'Z-2019', startDate: '2019-06-01', endDate: '2022-03-31', admissionNo: 'UG-902' },
  ];
  for (const b of added) {
    const batch = (
      await h.db
        .insert(batches)
        .values({ departmentId: 100, courseId: 1003, name: b.name, startDate: b.startDate, endDate: b.endDate })
        .returning()
    )[0]!;
    await h.db.insert(feeStructures).values({
      batchId: batch.id,
      feeHeadId: fx.heads.tuition,
      amountPaise: 20_000_00,
      startDate: b.startDate,
      endDate: b.endDate,
    });
    const student = (
      await h.db
        .insert(students)
        .values({
          departmentId: 100,
          courseId: 1003,
          batchId: batch.id,
          admissionNo: b.admissionNo,
          capId: `CAP${b.admissionNo}`,
          name: `Student ${b.name}`,
          admissionDate: '2025-06-10',
          dateOfBirth: '2007-04-02',
          gender: 'Male',
          categoryId: 1,
          address: 'College Road, Thrissur',
        })
        .returning()
    )[0]!;
    await h
      .caller('ugStaff')
      .receipts.create(
        receiptInput(fx, { studentId: student.id, date: '2026-07-01', lines: [[fx.heads.tuition, 5_000_00]] }),
      );
  }
});

describe('batch order in the course reports', () => {
  it('lists the batches of a course newest first (start date descending) in every course report and the receipt search', async () => {
    const caller = h.caller('ugStaff');
    const receipts = await caller.reports.feeReceipts({ depId: 100, courseId: 1003 });
    expect(receipts.batches.map((b) => b.batchName)).toEqual(NEWEST_FIRST);
    expect(receipts.batches.flatMap((b) => b.rows).map((r) => r.batchName)).toEqual(NEWEST_FIRST);
    const searched = await caller.reports.feeReceipts({ depId: 100, courseId: 1003, text: 'UG-90' });
    expect(searched.batches.map((b) => b.batchName)).toEqual(['A-2026', 'Z-2019']);
    const dues = await caller.reports.dues({ depId: 100, courseId: 1003, includeSettled: true });
    expect(dues.batches.map((b) => b.batchName)).toEqual(NEWEST_FIRST);
    expect(dues.batches.flatMap((b) => b.rows).map((r) => r.batchName)).toEqual(NEWEST_FIRST);
    const feeInfo = await caller.reports.studentFeeInfo({ depId: 100, courseId: 1003 });
    expect(feeInfo.batches.map((b) => b.batchName)).toEqual(NEWEST_FIRST);
    const found = await caller.receipts.searchStudents({ depId: 100, courseId: 1003, text: '' });
    expect(found.batches.map((b) => b.batchName)).toEqual(NEWEST_FIRST);
  });
});
