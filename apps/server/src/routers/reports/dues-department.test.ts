import { batches, courses, feeStructures, students } from '@fees/db';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIXTURE_AMOUNTS } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

/** A second UG course with a batch of 40,000.00 tuition and a student without a phone. */
async function secondCourse() {
  const course = (
    await h.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.departmentId, 100), ne(courses.id, fx.ug.courseId)))
      .limit(1)
  )[0]!;
  const batch = (
    await h.db
      .insert(batches)
      .values({
        departmentId: 100,
        courseId: course.id,
        name: '2026-2029',
        startDate: '2026-06-01',
        endDate: '2029-03-31',
      })
      .returning()
  )[0]!;
  await h.db.insert(feeStructures).values({
    batchId: batch.id,
    feeHeadId: fx.heads.tuition,
    amountPaise: 40_000_00,
    startDate: '2026-06-01',
    endDate: '2027-03-31',
  });
  await h.db.insert(students).values({
    departmentId: 100,
    courseId: course.id,
    batchId: batch.id,
    admissionNo: 'UG-900',
    capId: 'CAP900',
    name: 'Bindu Das',
    admissionDate: '2026-06-10',
    dateOfBirth: '2008-01-02',
    gender: 'Female',
    categoryId: 1,
    address: 'Kochi',
  });
  return { courseId: course.id, batchId: batch.id };
}

describe('reports.dues for a whole department', () => {
  it('lists every course of the department with each student phone, totals equal to the courses together', async () => {
    const other = await secondCourse();
    const staff = h.caller('ugStaff');
    const all = await staff.reports.dues({ depId: 100, limit: 1000 });
    const first = await staff.reports.dues({ depId: 100, courseId: fx.ug.courseId, limit: 1000 });
    const second = await staff.reports.dues({ depId: 100, courseId: other.courseId, limit: 1000 });

    const ugBalance =
      FIXTURE_AMOUNTS.tuition +
      FIXTURE_AMOUNTS.exam -
      FIXTURE_AMOUNTS.tuitionDiscount -
      FIXTURE_AMOUNTS.tuitionAdjustment -
      FIXTURE_AMOUNTS.paidTuition;
    const rows = all.batches.flatMap((b) => b.rows);
    expect(rows.map((r) => [r.admissionNo, r.phone, r.balancePaise])).toEqual([
      ['UG-900', null, 40_000_00],
      ['UG-001', '9847000001', ugBalance],
    ]);
    expect(all.batches.map((b) => b.batchId)).toEqual([other.batchId, fx.ug.batchId]);
    expect(all.totals).toEqual({
      count: 2,
      feePaise: first.totals.feePaise + second.totals.feePaise,
      discountPaise: first.totals.discountPaise + second.totals.discountPaise,
      sponsoredPaise: 0,
      paidPaise: first.totals.paidPaise + second.totals.paidPaise,
      balancePaise: ugBalance + 40_000_00,
    });
    expect(first.batches[0]?.rows[0]?.phone).toBe('9847000001');
    // The department's figure on the admin dashboard is this report's balance.
    const dashboard = await h.caller('admin').admin.dashboard();
    expect(dashboard.figures.departments.find((d) => d.depId === 100)?.duesOutstandingPaise).toBe(
      all.totals.balancePaise,
    );
  });

  it('lists no other department and keeps another department out', async () => {
    const pg = await h.caller('pgStaff').reports.dues({ depId: 101, limit: 1000 });
    expect(pg.batches.flatMap((b) => b.rows.map((r) => r.admissionNo))).toEqual(['PG-001']);
    await expect(h.caller('pgStaff').reports.dues({ depId: 100, limit: 1000 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
