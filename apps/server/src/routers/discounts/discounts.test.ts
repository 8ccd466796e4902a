import { auditLog, discounts, students } from '@fees/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applied } from '../../test/approvals';
import { discountInput } from '../../test/fixture';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

const examDiscount = () => discountInput(fx);
const tuitionEdit = () =>
  discountInput(fx, { id: fx.ug.discountId, feeHeadId: fx.heads.tuition, discount: '3000', adjustment: '0', note: '' });

/** A second UG student in the fixture's batch. */
async function addStudent(admissionNo: string, batchId = fx.ug.batchId) {
  return (
    await h.db
      .insert(students)
      .values({
        departmentId: 100,
        courseId: 1003,
        batchId,
        admissionNo,
        capId: `CAP-${admissionNo}`,
        name: `Student ${admissionNo}`,
        admissionDate: '2025-06-10',
        dateOfBirth: '2007-01-01',
        gender: 'Male',
        categoryId: 1,
        address: 'Thrissur',
      })
      .returning()
  )[0]!.id;
}

describe('discounts.create', () => {
  it('saves a discount and an adjustment in paise and audits it', async () => {
    const result = applied(await h.caller('admin').discounts.create(examDiscount()));
    expect(result).toEqual({
      Result: 'SAVED',
      Message: 'Discount saved for Anjali Menon (UG-001) on Exam Fee',
      id: expect.any(Number),
    });
    expect((await h.db.select().from(discounts).where(eq(discounts.id, result.id)).limit(1))[0]).toMatchObject({
      discountPaise: 300_00,
      adjustmentPaise: 50_25,
      note: 'Sports quota',
    });
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'discount'), eq(auditLog.action, 'create'))),
    ).toHaveLength(1);
  });

  it('allows a nil discount beside an adjustment, an empty note, and exactly the whole fee', async () => {
    const { id } = applied(
      await h.caller('admin').discounts.create({ ...examDiscount(), discount: '0', adjustment: '1500.00', note: '' }),
    );
    expect((await h.db.select().from(discounts).where(eq(discounts.id, id)).limit(1))[0]).toMatchObject({
      discountPaise: 0,
      adjustmentPaise: 1_500_00,
      note: null,
    });
  });

  it.each([
    [{ depId: '' }, 'Required'],
    [{ courseId: null }, 'Required'],
    [{ batchId: '' }, 'Required'],
    [{ studentId: '' }, 'Required'],
    [{ feeHeadId: '' }, 'Required'],
    [{ discount: '' }, 'Required'],
    [{ adjustment: '' }, 'Required'],
    [{ discount: '1.234' }, 'Not valid number with up to 2 decimal places'],
    [{ adjustment: '-5' }, 'Not valid number with up to 2 decimal places'],
    [{ discount: '0', adjustment: '0' }, 'Enter a discount or an adjustment'],
    [{ note: 'x'.repeat(201) }, 'Maximum 200 characters allowed'],
    [{ confirm: false }, 'Required'],
  ])('refuses %j with %j', async (change, message) => {
    expect(
      await refusal(
        h.caller('admin').discounts.create({ ...examDiscount(), ...change } as ReturnType<typeof examDiscount>),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
  });

  it('refuses a second discount for the same student and head: the DUP case, as CONFLICT', async () => {
    expect(
      await refusal(h.caller('admin').discounts.create({ ...examDiscount(), feeHeadId: fx.heads.tuition })),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Anjali Menon (UG-001) already has a discount on Tuition Fee; edit that one instead',
    });
  });

  it('refuses discount plus adjustment above the fee, and a head not charged to the batch', async () => {
    expect(
      await refusal(h.caller('admin').discounts.create({ ...examDiscount(), discount: '1000', adjustment: '500.01' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Discount and adjustment together (1500.01) exceed the Exam Fee of 1500.00 for batch 2025-2028',
    });
    const bus = (await h.caller('admin').fees.heads.list()).find((x) => x.name === 'Bus Fee')!.id;
    expect(await refusal(h.caller('admin').discounts.create({ ...examDiscount(), feeHeadId: bus }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Bus Fee is not in the fee structure of batch 2025-2028',
    });
  });

  it('refuses a student, batch or course that does not line up', async () => {
    const { id: otherBatch } = await h.caller('admin').batches.create({
      depId: 100,
      courseId: 1003,
      name: '2026-2029',
      startDate: '2026-06-01',
      endDate: '2029-03-31',
      confirm: true,
    });
    const elsewhere = await addStudent('UG-900', otherBatch);
    expect(await refusal(h.caller('admin').discounts.create({ ...examDiscount(), studentId: elsewhere }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Student UG-900 (UG-900) is not a student of batch 2025-2028',
    });
    expect(await refusal(h.caller('admin').discounts.create({ ...examDiscount(), studentId: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such student',
    });
    expect(await refusal(h.caller('admin').discounts.create({ ...examDiscount(), courseId: 1004 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This batch is not a batch of BA Economics',
    });
    expect(await refusal(h.caller('admin').discounts.create({ ...examDiscount(), courseId: 2000 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This course does not belong to the department',
    });
    expect(await refusal(h.caller('admin').discounts.create({ ...examDiscount(), feeHeadId: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such fee head',
    });
  });

  it("is refused to a cashier and to another department's accountant", async () => {
    expect((await refusal(h.caller('cashier').discounts.create(examDiscount()))).code).toBe('FORBIDDEN');
    expect((await refusal(h.caller('pgStaff').discounts.create(examDiscount()))).code).toBe('FORBIDDEN');
  });
});

describe('discounts.update', () => {
  it('changes amounts and note, and audits before and after', async () => {
    const result = await h.caller('admin').discounts.update(tuitionEdit());
    expect(result).toEqual({
      Result: 'SAVED',
      Message: 'Discount updated for Anjali Menon (UG-001) on Tuition Fee',
      id: fx.ug.discountId,
    });
    expect((await h.db.select().from(discounts).where(eq(discounts.id, fx.ug.discountId)).limit(1))[0]).toMatchObject({
      discountPaise: 3_000_00,
      adjustmentPaise: 0,
      note: null,
    });
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'discount'), eq(auditLog.action, 'update')))
        .limit(1)
    )[0];
    expect(JSON.parse(audit!.before!)).toMatchObject({
      discountPaise: 2_000_00,
      adjustmentPaise: 500_00,
      note: 'Merit',
    });
    expect(JSON.parse(audit!.after!)).toMatchObject({ discountPaise: 3_000_00 });
  });

  it('moves a discount to a head the student has none on, but never onto one they have', async () => {
    const { id } = applied(await h.caller('admin').discounts.create(examDiscount()));
    expect(
      await refusal(h.caller('admin').discounts.update({ ...examDiscount(), id, feeHeadId: fx.heads.tuition })),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Anjali Menon (UG-001) already has a discount on Tuition Fee; edit that one instead',
    });
    const other = await addStudent('UG-002');
    await expect(
      h.caller('admin').discounts.update({ ...examDiscount(), id, studentId: other }),
    ).resolves.toMatchObject({
      Message: 'Discount updated for Student UG-002 (UG-002) on Exam Fee',
    });
  });

  it("refuses too much, an unknown id, bad input and another department's staff", async () => {
    expect((await refusal(h.caller('admin').discounts.update({ ...tuitionEdit(), discount: '25000.01' }))).code).toBe(
      'BAD_REQUEST',
    );
    expect(await refusal(h.caller('admin').discounts.update({ ...tuitionEdit(), id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such discount',
    });
    expect((await refusal(h.caller('admin').discounts.update({ ...tuitionEdit(), confirm: false }))).message).toBe(
      'Required',
    );
    expect((await refusal(h.caller('pgStaff').discounts.update(tuitionEdit()))).code).toBe('FORBIDDEN');
  });
});

describe('discounts.remove', () => {
  it('deletes a discount and audits it', async () => {
    expect(await h.caller('admin').discounts.remove({ id: fx.ug.discountId })).toEqual({
      Result: 'DELETED',
      Message: 'Discount on Tuition Fee for Anjali Menon (UG-001) deleted',
      id: fx.ug.discountId,
    });
    expect(await h.db.select().from(discounts)).toEqual([]);
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'discount'), eq(auditLog.action, 'delete'))),
    ).toHaveLength(1);
  });

  it("refuses an unknown id and another department's staff", async () => {
    expect(await refusal(h.caller('admin').discounts.remove({ id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such discount',
    });
    expect((await refusal(h.caller('pgStaff').discounts.remove({ id: fx.ug.discountId }))).code).toBe('FORBIDDEN');
  });
});

describe('discounts.list, byId, studentsOfBatch', () => {
  it('lists a department with student, batch, course, department and head', async () => {
    await h.caller('admin').discounts.create(examDiscount());
    const rows = await h.caller('admin').discounts.list({ depId: 100 });
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        studentId: fx.ug.studentId,
        admissionNo: 'UG-001',
        studentName: 'Anjali Menon',
        batchId: fx.ug.batchId,
        batchName: '2025-2028',
        courseId: 1003,
        courseName: 'BA English',
        departmentId: 100,
        departmentName: 'Arts and Science UG',
        feeHeadId: fx.heads.exam,
        feeHeadName: 'Exam Fee',
        discountPaise: 300_00,
        adjustmentPaise: 50_25,
        note: 'Sports quota',
      },
      expect.objectContaining({
        id: fx.ug.discountId,
        feeHeadName: 'Tuition Fee',
        discountPaise: 2_000_00,
        adjustmentPaise: 500_00,
        note: 'Merit',
      }),
    ]);
    expect(await h.caller('admin').discounts.list({ depId: 101 })).toEqual([]);
    expect((await refusal(h.caller('pgStaff').discounts.list({ depId: 100 }))).code).toBe('FORBIDDEN');
  });

  it('finds one discount, or NOT_FOUND', async () => {
    expect(await h.caller('admin').discounts.byId({ id: fx.ug.discountId })).toMatchObject({
      admissionNo: 'UG-001',
      feeHeadName: 'Tuition Fee',
    });
    expect(await refusal(h.caller('admin').discounts.byId({ id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such discount',
    });
    expect((await refusal(h.caller('pgStaff').discounts.byId({ id: fx.ug.discountId }))).code).toBe('FORBIDDEN');
  });

  it('lists the students of a batch of the department for the picker', async () => {
    await addStudent('UG-002');
    const rows = await h.caller('admin').discounts.studentsOfBatch({ depId: 100, batchId: fx.ug.batchId });
    expect(rows.map((r) => [r.admissionNo, r.name])).toEqual([
      ['UG-001', 'Anjali Menon'],
      ['UG-002', 'Student UG-002'],
    ]);
    expect(await refusal(h.caller('admin').discounts.studentsOfBatch({ depId: 100, batchId: fx.pg.batchId }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such batch in this department',
    });
    expect(
      (await refusal(h.caller('pgStaff').discounts.studentsOfBatch({ depId: 100, batchId: fx.ug.batchId }))).code,
    ).toBe('FORBIDDEN');
  });
});
