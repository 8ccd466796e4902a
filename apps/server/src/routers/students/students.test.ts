import { auditLog, batches, discounts, receiptPayments, receipts, students } from '@fees/db';
import { formatDate, MSG, type ZUpdateStudentInput } from '@fees/validation';
import { addDays, addMonths } from '@fees/money';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZodError, type z } from 'zod';
import { today } from '../../config';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const BIRTH_RANGE = `Enter a date from ${formatDate(addMonths(today(), -1200))} to ${formatDate(today())}`;
const fx = useFixture(h);

/** A valid registration (id for updates); tests override fields, including with values the schema refuses. */
const form = (overrides: Record<string, unknown> = {}): z.input<typeof ZUpdateStudentInput> =>
  ({
    depId: 100,
    courseId: fx.ug.courseId,
    batchId: fx.ug.batchId,
    capId: 'CAP900',
    name: 'Meera Krishnan',
    admissionNo: 'UG-900',
    admissionDate: '2025-06-15',
    categoryId: 2,
    dateOfBirth: '2007-01-20',
    gender: 'Female',
    religionId: 1,
    email: 'meera@example.in',
    phone: '9846012345',
    parentName: 'Krishnan K',
    address: 'Kizhakkumpattukara, Thrissur',
    guardianAddress: '',
    confirm: true,
    ...overrides,
  }) as z.input<typeof ZUpdateStudentInput>;

/** The code and human message of a refused call; validation failures give their first field message. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? '') : error.message;
    return { code: error.code, message };
  }
  throw new Error('the call was expected to fail');
}

async function addBatch(depId: number, courseId: number, name: string, startDate = '2024-06-01') {
  return (
    await h.db
      .insert(batches)
      .values({ departmentId: depId, courseId, name, startDate, endDate: '2027-03-31' })
      .returning()
  )[0]!.id;
}

describe('register', () => {
  it('stores the student, audits it and shows them in the course list and the dashboard', async () => {
    const ug = h.caller('ugStaff');
    const before = await ug.students.dashboard({ depId: 100 });
    const result = await ug.students.create(form());
    expect(result).toMatchObject({ Status: 'OK', admissionNo: 'UG-900' });

    const detail = await ug.students.byId({ depId: 100, id: result.id });
    expect(detail).toMatchObject({
      name: 'Meera Krishnan',
      courseName: 'BA English',
      batchName: '2025-2028',
      categoryName: 'OBC',
      religionName: 'Hindu',
      email: 'meera@example.in',
      guardianAddress: null,
    });
    expect(await ug.students.byAdmissionNo({ depId: 100, admissionNo: 'UG-900' })).toEqual(detail);

    const list = await ug.students.list({ depId: 100, courseId: fx.ug.courseId });
    expect(list.batches.map((b) => [b.name, b.students.map((s) => s.admissionNo)])).toEqual([
      ['2025-2028', ['UG-001', 'UG-900']],
    ]);

    const after = await ug.students.dashboard({ depId: 100 });
    const count = (d: typeof after) => d.admissions.find((a) => a.courseId === fx.ug.courseId)?.totalAdmissions;
    expect(count(after)).toBe((count(before) ?? 0) + 1);

    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, String(result.id))));
    expect(audit.map((a) => [a.action, a.userEmail])).toEqual([['create', 'ug@test.local']]);
  });

  it('refuses an admission number already used in the department, but not one used in another department', async () => {
    expect(await refusal(h.caller('ugStaff').students.create(form({ admissionNo: fx.ug.admissionNo })))).toEqual({
      code: 'CONFLICT',
      message: 'Admission number UG-001 is already used in this department',
    });
    const pg = await h
      .caller('admin')
      .students.create(
        form({ depId: 101, courseId: fx.pg.courseId, batchId: fx.pg.batchId, admissionNo: fx.ug.admissionNo }),
      );
    expect(pg.Status).toBe('OK');
  });

  it('refuses a course of another department and a batch of another course', async () => {
    const ug = h.caller('ugStaff');
    expect(await refusal(ug.students.create(form({ courseId: fx.pg.courseId })))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This course does not belong to the department',
    });
    const physics = await addBatch(100, 1000, '2025-2028 Physics');
    expect(await refusal(ug.students.create(form({ batchId: physics })))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This batch is not a batch of BA English',
    });
    expect(await refusal(ug.students.create(form({ categoryId: 999 })))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Unknown category',
    });
  });

  it.each([
    ['batchId', '', 'Required'],
    ['capId', '', 'Required'],
    ['capId', 'x'.repeat(51), 'Maximum 50 digit allowed'],
    ['name', '', 'Required'],
    ['name', 'x'.repeat(51), 'Maximum 50 characters allowed'],
    ['admissionNo', '', 'Required'],
    ['admissionDate', '', 'Required'],
    ['admissionDate', '15-06-2025', 'Enter a valid date (yyyy-MM-dd)'],
    ['admissionDate', addDays(today(), 1), `Enter a date from 01-01-1950 to ${formatDate(today())}`],
    ['admissionDate', '1949-12-31', `Enter a date from 01-01-1950 to ${formatDate(today())}`],
    ['categoryId', '', 'Required'],
    ['dateOfBirth', '', 'Required'],
    ['dateOfBirth', '2025-06-15', 'Date of birth must be before the admission date'],
    ['dateOfBirth', '1899-12-31', BIRTH_RANGE],
    ['dateOfBirth', addDays(addMonths(today(), -1200), -1), BIRTH_RANGE],
    ['dateOfBirth', '2025-02-29', 'Enter a valid date (yyyy-MM-dd)'],
    ['gender', '', 'Required'],
    ['gender', 'Unknown', 'Required'],
    ['address', '', 'Required'],
    ['address', 'x'.repeat(201), 'Maximum 200 digit allowed'],
    ['email', `${'x'.repeat(96)}@a.in`, 'Maximum 100 characters allowed'],
    ['email', 'meera', 'Enter a valid email address'],
    ['phone', '98abc12345', MSG.invalidPhone],
    ['phone', '98460 1234', MSG.invalidPhone],
    ['phone', '984601234567', MSG.invalidPhone],
    ['phone', '+92 98460 12345', MSG.invalidPhone],
    ['phone', '98460-12345', MSG.invalidPhone],
    ['parentName', 'x'.repeat(51), 'Maximum 50 characters allowed'],
    ['guardianAddress', 'x'.repeat(151), 'Maximum 150 characters allowed'],
    ['confirm', false, 'Required'],
  ])('%s = %j is refused with %j', async (field, value, message) => {
    expect(await refusal(h.caller('ugStaff').students.create(form({ [field]: value })))).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
    expect(await h.db.select().from(students)).toHaveLength(2);
  });

  it('accepts every limit exactly', async () => {
    const result = await h.caller('ugStaff').students.create(
      form({
        capId: 'c'.repeat(50),
        name: 'n'.repeat(50),
        address: 'a'.repeat(200),
        phone: '+91 98460 12345',
        parentName: 'p'.repeat(50),
        guardianAddress: 'g'.repeat(150),
        email: `${'x'.repeat(95)}@a.in`,
      }),
    );
    expect(result.Status).toBe('OK');
  });
});

describe('phone numbers', () => {
  it('are stored as the bare 10 digits, however they were typed (+91 or 0 in front, spaces)', async () => {
    const ug = h.caller('ugStaff');
    const typed = ['+91 98460 12345', '+919846012346', '0 98460 12347', '098460 12348', ' 984 601 2349 ', ''];
    const stored = [];
    for (const [i, phone] of typed.entries()) {
      const { id } = await ug.students.create(form({ admissionNo: `UG-95${i}`, phone }));
      stored.push((await ug.students.byId({ depId: 100, id })).phone);
    }
    expect(stored).toEqual(['9846012345', '9846012346', '9846012347', '9846012348', '9846012349', null]);
  });

  it('a student stored earlier with a phone in another form is still read, and an edit must give a 10-digit one', async () => {
    const ug = h.caller('ugStaff');
    const { id } = await ug.students.create(form());
    await h.db.update(students).set({ phone: '0487 2331234, 98460-12345' }).where(eq(students.id, id));
    expect((await ug.students.byId({ depId: 100, id })).phone).toBe('0487 2331234, 98460-12345');
    expect(await refusal(ug.students.update(form({ id, phone: '0487 2331234, 98460-12345' })))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.invalidPhone,
    });
    await ug.students.update(form({ id, phone: '98460 12345' }));
    expect((await ug.students.byId({ depId: 100, id })).phone).toBe('9846012345');
  });
});

describe('edit', () => {
  it('updates the phone number and audits before and after', async () => {
    const ug = h.caller('ugStaff');
    const { id } = await ug.students.create(form());
    await ug.students.update(form({ id, phone: '9446000000' }));
    expect((await ug.students.byId({ depId: 100, id })).phone).toBe('9446000000');
    const row = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, String(id))))
        .limit(1)
    )[0];
    expect(JSON.parse(row?.before ?? '{}').phone).toBe('9846012345');
    expect(JSON.parse(row?.after ?? '{}').phone).toBe('9446000000');
  });

  it('keeps admission numbers unique and may keep its own', async () => {
    const ug = h.caller('ugStaff');
    const { id } = await ug.students.create(form());
    expect((await ug.students.update(form({ id }))).Status).toBe('OK');
    expect(await refusal(ug.students.update(form({ id, admissionNo: fx.ug.admissionNo })))).toEqual({
      code: 'CONFLICT',
      message: 'Admission number UG-001 is already used in this department',
    });
  });

  it('does not move a student with live receipts to another batch', async () => {
    const other = await addBatch(100, fx.ug.courseId, '2024-2027');
    const ug = h.caller('ugStaff');
    const current = await ug.students.byId({ depId: 100, id: fx.ug.studentId });
    const move = { ...form(), id: fx.ug.studentId, admissionNo: current.admissionNo, batchId: other };
    expect(await refusal(ug.students.update(move))).toEqual({
      code: 'CONFLICT',
      message: 'Anjali Menon has 1 live receipt in the current batch and cannot move to another batch',
    });
  });
});

describe('delete', () => {
  it('refuses a student with a live receipt and says why', async () => {
    expect(await refusal(h.caller('ugStaff').students.remove({ depId: 100, id: fx.ug.studentId }))).toEqual({
      code: 'CONFLICT',
      message:
        'Anjali Menon (UG-001) cannot be deleted: 1 live receipt has been issued to this student. Receipts are kept as financial records, so a student with receipts stays on the roll.',
    });
    expect((await h.db.select().from(students).where(eq(students.id, fx.ug.studentId)).limit(1))[0]).toBeDefined();
  });

  it('refuses a student whose only receipt was voided: voided receipts keep history', async () => {
    await h.db.update(receipts).set({ status: 'voided' }).where(eq(receipts.id, fx.ug.receiptId));
    expect((await refusal(h.caller('ugStaff').students.remove({ depId: 100, id: fx.ug.studentId }))).message).toBe(
      'Anjali Menon (UG-001) cannot be deleted: 1 voided receipt names this student, and voided receipts are kept as history.',
    );
  });

  it('deletes a student without receipts together with their discounts, and audits both', async () => {
    const ug = h.caller('ugStaff');
    const { id } = await ug.students.create(form());
    await h.db
      .insert(discounts)
      .values({ studentId: id, feeHeadId: fx.heads.tuition, discountPaise: 1000_00, adjustmentPaise: 0 });
    expect(await ug.students.remove({ depId: 100, id })).toEqual({ Status: 'Success', id, deletedDiscounts: 1 });
    expect((await h.db.select().from(students).where(eq(students.id, id)).limit(1))[0]).toBeUndefined();
    expect(await h.db.select().from(discounts).where(eq(discounts.studentId, id))).toEqual([]);
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entityId, String(id))))
        .limit(1)
    )[0];
    expect(JSON.parse(audit?.before ?? '{}')).toMatchObject({
      student: { admissionNo: 'UG-900' },
      discounts: [{ discountPaise: 1000_00 }],
    });
    expect(await refusal(ug.students.byId({ depId: 100, id }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('departments are separate', () => {
  it('PG staff cannot read, change or delete a UG student, even naming their own department', async () => {
    const pg = h.caller('pgStaff');
    const ugStudent = { depId: 101, id: fx.ug.studentId };
    expect((await refusal(pg.students.byId(ugStudent))).code).toBe('FORBIDDEN');
    expect((await refusal(pg.students.remove(ugStudent))).code).toBe('FORBIDDEN');
    expect(
      (
        await refusal(
          pg.students.update(
            form({ ...ugStudent, courseId: fx.pg.courseId, batchId: fx.pg.batchId, admissionNo: 'X' }),
          ),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect((await refusal(pg.students.list({ depId: 100, courseId: fx.ug.courseId }))).code).toBe('FORBIDDEN');
    expect((await refusal(pg.students.dashboard({ depId: 100 }))).code).toBe('FORBIDDEN');
    expect((await refusal(pg.students.byAdmissionNo({ depId: 101, admissionNo: fx.ug.admissionNo }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('an admin naming the wrong department finds nothing', async () => {
    expect((await refusal(h.caller('admin').students.byId({ depId: 101, id: fx.ug.studentId }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(h.caller('admin').students.list({ depId: 101, courseId: fx.ug.courseId }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('dashboard and course list', () => {
  it("totals today's live receipts of the department only, and lists every course with its admissions", async () => {
    const base = {
      courseId: fx.ug.courseId,
      batchId: fx.ug.batchId,
      studentId: fx.ug.studentId,
      studentName: 'Anjali Menon',
      address: 'Thrissur',
      taxRateBasisPoints: 0,
      taxPaise: 0,
      paymentMode: 'cash' as const,
    };
    const written = await h.db
      .insert(receipts)
      .values([
        { ...base, number: 101, departmentId: 100, date: today(), totalPaise: 1000_50, netPaise: 1000_50 },
        { ...base, number: 102, departmentId: 100, date: today(), totalPaise: 2000_00, netPaise: 2000_00 },
        {
          ...base,
          number: 103,
          departmentId: 100,
          date: today(),
          totalPaise: 5000_00,
          netPaise: 5000_00,
          status: 'voided',
        },
        { ...base, number: 104, departmentId: 101, date: today(), totalPaise: 7000_00, netPaise: 7000_00 },
      ])
      .returning();
    await h.db.insert(receiptPayments).values(
      written.map((r) => ({
        receiptId: r.id,
        partNo: 1,
        paymentMode: r.paymentMode,
        amountPaise: r.netPaise,
        taxPaise: 0,
      })),
    );
    const d = await h.caller('ugStaff').students.dashboard({ depId: 100 });
    expect(d).toMatchObject({ date: today(), adminTotalPaise: 0, todayTotalPaise: 3000_50, salaryTotalPaise: 0 });
    expect(d.admissions).toHaveLength(13);
    expect(d.admissions[0]).toEqual({ courseId: 1000, course: 'BSc Physics', totalAdmissions: 0 });
    expect(d.admissions.find((a) => a.courseId === 1003)?.totalAdmissions).toBe(1);
  });

  it('groups a course by batch, newest first, and keeps a batch without students', async () => {
    const older = await addBatch(100, fx.ug.courseId, '2024-2027', '2024-06-01');
    await h.caller('admin').students.create(form({ batchId: older, admissionNo: 'UG-2024-7' }));
    await addBatch(100, fx.ug.courseId, '2026-2029', '2026-06-01');
    const list = await h.caller('ugStaff').students.list({ depId: 100, courseId: fx.ug.courseId });
    expect(list.course).toEqual({ id: 1003, name: 'BA English' });
    expect(list.total).toBe(2);
    expect(list.batches.map((b) => [b.name, b.students.length])).toEqual([
      ['2026-2029', 0],
      ['2025-2028', 1],
      ['2024-2027', 1],
    ]);
    expect(list.batches[1]?.students[0]).toEqual({
      id: fx.ug.studentId,
      admissionNo: 'UG-001',
      name: 'Anjali Menon',
      capId: 'CAP001',
      phone: '9847000001',
      admissionDate: '2025-06-10',
    });
  });
});
