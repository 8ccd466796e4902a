import { auditLog, batches } from '@fees/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const newBatch = {
  depId: 100,
  courseId: 1003,
  name: '2026-2029',
  startDate: '2026-06-01',
  endDate: '2029-03-31',
  confirm: true,
};

const h = useHarness();
const fx = useFixture(h);

describe('batches.create', () => {
  it('saves a batch of a course of the department and audits it', async () => {
    const result = await h.caller('admin').batches.create(newBatch);
    expect(result).toEqual({ Result: 'SAVED', Message: 'Batch 2026-2029 of BA English saved', id: expect.any(Number) });
    const row = (await h.db.select().from(batches).where(eq(batches.id, result.id)).limit(1))[0];
    expect(row).toMatchObject({
      departmentId: 100,
      courseId: 1003,
      name: '2026-2029',
      startDate: '2026-06-01',
      endDate: '2029-03-31',
    });
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'batch'), eq(auditLog.entityId, String(result.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', userEmail: 'admin@test.local' });
  });

  it('accepts a batch that starts and ends on one day', async () => {
    await expect(h.caller('admin').batches.create({ ...newBatch, endDate: newBatch.startDate })).resolves.toMatchObject(
      { Result: 'SAVED' },
    );
  });

  it.each([
    [{ name: '' }, 'Required'],
    [{ name: 'x'.repeat(51) }, 'Maximum 50 characters allowed'],
    [{ courseId: '' }, 'Required'],
    [{ startDate: '' }, 'Required'],
    [{ endDate: '2029-02-30' }, 'Enter a valid date (yyyy-MM-dd)'],
    [{ endDate: '2026-05-31' }, 'The end date must not be before the start date'],
    [{ confirm: false }, 'Required'],
    [{ depId: 99 }, 'Required'],
  ])('refuses %j with %j', async (change, message) => {
    expect(await refusal(h.caller('admin').batches.create({ ...newBatch, ...change } as typeof newBatch))).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
  });

  it('refuses a course of another department', async () => {
    expect(await refusal(h.caller('admin').batches.create({ ...newBatch, courseId: 2000 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This course does not belong to the department',
    });
  });

  it('refuses a second batch of the same name in the course, ignoring case', async () => {
    expect(await refusal(h.caller('admin').batches.create({ ...newBatch, name: '2025-2028' }))).toEqual({
      code: 'CONFLICT',
      message: 'BA English already has a batch named 2025-2028',
    });
    await expect(
      h.caller('admin').batches.create({ ...newBatch, courseId: 1004, name: '2025-2028' }),
    ).resolves.toMatchObject({ Result: 'SAVED' });
  });

  it('is for admins only', async () => {
    expect((await refusal(h.caller('ugStaff').batches.create(newBatch))).code).toBe('FORBIDDEN');
  });
});

describe('batches.update', () => {
  it('renames and re-dates a batch in use, and audits before and after', async () => {
    const result = await h
      .caller('admin')
      .batches.update({ ...newBatch, id: fx.ug.batchId, name: '2025-28', endDate: '2028-04-30' });
    expect(result).toEqual({ Result: 'UPDATED', Message: 'Batch 2025-28 of BA English updated', id: fx.ug.batchId });
    expect((await h.db.select().from(batches).where(eq(batches.id, fx.ug.batchId)).limit(1))[0]).toMatchObject({
      name: '2025-28',
      endDate: '2028-04-30',
    });
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'batch'), eq(auditLog.action, 'update')))
        .limit(1)
    )[0];
    expect(JSON.parse(audit!.before!)).toMatchObject({ name: '2025-2028' });
    expect(JSON.parse(audit!.after!)).toMatchObject({ name: '2025-28' });
  });

  it('moves an unused batch to another course, but not a batch with students', async () => {
    const { id } = await h.caller('admin').batches.create(newBatch);
    await expect(h.caller('admin').batches.update({ ...newBatch, id, courseId: 1004 })).resolves.toMatchObject({
      Result: 'UPDATED',
    });
    expect(await refusal(h.caller('admin').batches.update({ ...newBatch, id: fx.ug.batchId, courseId: 1004 }))).toEqual(
      {
        code: 'CONFLICT',
        message: 'Batch 2025-2028 already has students or receipts; its course cannot be changed',
      },
    );
  });

  it('refuses a name another batch of the course has, bad dates, an unknown id, and staff', async () => {
    const { id } = await h.caller('admin').batches.create(newBatch);
    expect((await refusal(h.caller('admin').batches.update({ ...newBatch, id, name: '2025-2028' }))).code).toBe(
      'CONFLICT',
    );
    expect((await refusal(h.caller('admin').batches.update({ ...newBatch, id, endDate: '2020-01-01' }))).message).toBe(
      'The end date must not be before the start date',
    );
    expect(await refusal(h.caller('admin').batches.update({ ...newBatch, id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such batch',
    });
    expect((await refusal(h.caller('ugStaff').batches.update({ ...newBatch, id }))).code).toBe('FORBIDDEN');
  });
});

describe('batches.list, byId, byCourse', () => {
  it('lists a department with course name, student count and fee total', async () => {
    await h.caller('admin').batches.create(newBatch);
    const rows = await h.caller('admin').batches.list({ depId: 100 });
    expect(rows).toEqual([
      expect.objectContaining({ name: '2026-2029', courseName: 'BA English', studentCount: 0, feeTotalPaise: 0 }),
      expect.objectContaining({
        id: fx.ug.batchId,
        name: '2025-2028',
        courseName: 'BA English',
        studentCount: 1,
        feeTotalPaise: 26_500_00,
      }),
    ]);
    expect(await h.caller('admin').batches.list({ depId: 102 })).toEqual([]);
    expect((await refusal(h.caller('ugStaff').batches.list({ depId: 100 }))).code).toBe('FORBIDDEN');
  });

  it('finds one batch with its names for a reader of its department, or NOT_FOUND', async () => {
    expect(await h.caller('admin').batches.byId({ id: fx.ug.batchId })).toEqual({
      id: fx.ug.batchId,
      name: '2025-2028',
      departmentId: 100,
      courseId: 1003,
      startDate: '2025-06-01',
      endDate: '2028-03-31',
      courseName: 'BA English',
      departmentName: 'Arts and Science UG',
      version: 1,
      updatedAt: null,
    });
    expect(await refusal(h.caller('admin').batches.byId({ id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such batch',
    });
    // A read like any other: staff of the batch's department and the auditor, never another department.
    expect((await h.caller('viewer').batches.byId({ id: fx.ug.batchId })).name).toBe('2025-2028');
    expect((await h.caller('auditor').batches.byId({ id: fx.pg.batchId })).departmentId).toBe(101);
    expect(await refusal(h.caller('pgStaff').batches.byId({ id: fx.ug.batchId }))).toEqual({
      code: 'FORBIDDEN',
      message: 'This belongs to another department',
    });
    expect((await refusal(h.caller('cashier').batches.byId({ id: fx.ug.batchId }))).code).toBe('FORBIDDEN');
  });

  it("gives staff their own department's batches of a course, newest first", async () => {
    const { id } = await h.caller('admin').batches.create(newBatch);
    const rows = await h.caller('ugStaff').batches.byCourse({ depId: 100, courseId: 1003 });
    expect(rows.map((r) => r.id)).toEqual([id, fx.ug.batchId]);
    expect(await h.caller('ugStaff').batches.byCourse({ depId: 100, courseId: 2000 })).toEqual([]);
    expect((await refusal(h.caller('pgStaff').batches.byCourse({ depId: 100, courseId: 1003 }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
