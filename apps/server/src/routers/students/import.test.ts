import { auditLog, students } from '@fees/db';
import { formatDate, MSG, STUDENT_CSV_COLUMNS } from '@fees/validation';
import { addDays, addMonths } from '@fees/money';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { today } from '../../config';
import { createContextInner } from '../../context';
import { createCaller } from '../_app';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function row(i: number, overrides: Partial<Record<(typeof STUDENT_CSV_COLUMNS)[number], string>> = {}) {
  const values = {
    admissionNo: `BAE-25-${String(i).padStart(4, '0')}`,
    capId: `CAP25${i}`,
    name: `Student ${i}`,
    admissionDate: i % 2 ? '2025-06-16' : '16-06-2025',
    dateOfBirth: '2007-03-11',
    gender: ['Male', 'female', 'O'][i % 3]!,
    category: ['General', 'OBC', 'sc'][i % 3]!,
    religion: i % 4 ? 'Hindu' : '',
    email: i % 5 ? '' : `s${i}@example.in`,
    phone: `94470${String(i).padStart(5, '0')}`,
    parentName: `Parent ${i}`,
    address: i % 7 ? `House ${i}, Chalakudy, Thrissur` : `"Rose Villa", ${i} MG Road,\nKochi`,
    guardianAddress: '',
    ...overrides,
  };
  return STUDENT_CSV_COLUMNS.map((c) => quote(values[c as keyof typeof values] ?? '')).join(',');
}

const file = (rows: string[]) => [STUDENT_CSV_COLUMNS.join(','), ...rows].join('\r\n');
const input = (csv: string) => ({ depId: 100, courseId: fx.ug.courseId, batchId: fx.ug.batchId, csv });
const studentCount = async () => (await h.db.select().from(students)).length;

/** The physical line a data row starts on: rows with a quoted line break take two lines. */
function lineOf(rows: string[], index: number) {
  return 2 + rows.slice(0, index).reduce((n, r) => n + r.split('\n').length, 0);
}

describe('bulk import', () => {
  it('a 500-row file with three bad rows writes nothing and reports exactly those rows; the fixed file imports all 500', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(i + 1));
    rows[6] = row(7, { capId: 'C'.repeat(51) });
    rows[249] = row(250, { admissionDate: '31-02-2025' });
    rows[497] = row(498, { admissionNo: fx.ug.admissionNo });
    const ug = h.caller('ugStaff');

    const preview = await ug.students.importPreview(input(file(rows)));
    expect(preview).toMatchObject({ total: 500, valid: 497, invalid: 3 });
    expect(preview.rows.filter((r) => r.errors.length > 0).map((r) => [r.line, r.errors])).toEqual([
      [lineOf(rows, 6), ['CAP ID: Maximum 50 digit allowed']],
      [lineOf(rows, 249), ['Admission date: Enter a valid date (yyyy-MM-dd)']],
      [lineOf(rows, 497), ['Admission no: Admission number UG-001 is already used in this department']],
    ]);

    const before = await studentCount();
    const refused = await ug.students.importCommit(input(file(rows))).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).message).toBe(
      `3 of 500 rows are invalid (lines ${lineOf(rows, 6)}, ${lineOf(rows, 249)}, ${lineOf(rows, 497)}); nothing was imported`,
    );
    expect(await studentCount()).toBe(before);

    rows[6] = row(7);
    rows[249] = row(250);
    rows[497] = row(498);
    expect(await ug.students.importCommit(input(file(rows)))).toEqual({ Status: 'OK', imported: 500 });
    expect(await studentCount()).toBe(before + 500);

    const quoted = (await h.db.select().from(students).where(eq(students.admissionNo, 'BAE-25-0007')).limit(1))[0];
    expect(quoted).toMatchObject({
      address: '"Rose Villa", 7 MG Road,\nKochi',
      gender: 'Female',
      admissionDate: '2025-06-16',
      religionId: 1,
    });
    const even = (await h.db.select().from(students).where(eq(students.admissionNo, 'BAE-25-0002')).limit(1))[0];
    expect(even).toMatchObject({
      admissionDate: '2025-06-16',
      gender: 'Other',
      email: null,
      courseId: fx.ug.courseId,
      batchId: fx.ug.batchId,
      departmentId: 100,
    });
    expect(
      (await h.db.select().from(students).where(eq(students.admissionNo, 'BAE-25-0008')).limit(1))[0]?.religionId,
    ).toBeNull();
    expect(await h.db.select().from(auditLog).where(eq(auditLog.action, 'import'))).toHaveLength(500);

    const again = await ug.students.importPreview(input(file(rows.slice(0, 2))));
    expect(again.rows.map((r) => r.errors)).toEqual([
      ['Admission no: Admission number BAE-25-0001 is already used in this department'],
      ['Admission no: Admission number BAE-25-0002 is already used in this department'],
    ]);
  });

  it('refuses a birth over a hundred years back, an admission after today, a phone not of 10 digits', async () => {
    const ug = h.caller('ugStaff');
    const tomorrow = formatDate(addDays(today(), 1));
    const rows = [
      row(1, { dateOfBirth: '31-12-1899' }),
      row(2, { admissionDate: tomorrow }),
      row(3, { phone: '98abc12345' }),
      row(4, { phone: '+91 94470 00004' }),
    ];
    const preview = await ug.students.importPreview(input(file(rows)));
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [`Date of birth: Enter a date from ${formatDate(addMonths(today(), -1200))} to ${formatDate(today())}`],
      [`Admission date: Enter a date from 01-01-1950 to ${formatDate(today())}`],
      [`Phone: ${MSG.invalidPhone}`],
      [],
    ]);
    const before = await studentCount();
    expect(await ug.students.importCommit(input(file(rows))).catch((e: TRPCError) => e.code)).toBe('BAD_REQUEST');
    expect(await studentCount()).toBe(before);
    expect(await ug.students.importCommit(input(file(rows.slice(3))))).toEqual({ Status: 'OK', imported: 1 });
    const imported = await h.db.select().from(students).where(eq(students.admissionNo, 'BAE-25-0004'));
    expect(imported.map((s) => s.phone)).toEqual(['9447000004']);
  });

  it('flags every row of an admission number repeated in the file, and unknown categories', async () => {
    const rows = [row(1), row(2, { admissionNo: 'BAE-25-0001' }), row(3, { category: 'Royal', gender: '' })];
    const preview = await h.caller('ugStaff').students.importPreview(input(file(rows)));
    expect(preview.rows.map((r) => r.errors)).toEqual([
      ['Admission no: BAE-25-0001 is repeated in the file (line 3)'],
      ['Admission no: BAE-25-0001 is repeated in the file (line 2)'],
      ["Category: 'Royal' is not a known category", 'Gender: Required'],
    ]);
  });

  it('refuses files it cannot read: unknown or missing columns, no rows, an unclosed quote', async () => {
    const ug = h.caller('ugStaff');
    const message = (csv: string) => ug.students.importPreview(input(csv)).catch((e: TRPCError) => e.message);
    expect(await message('admissionNo,shoeSize\r\nX,9')).toMatch(/^Unknown column 'shoeSize'/);
    expect(await message('Admission No,name\r\nX,Y')).toBe(
      "The file has no 'capId', 'admissionDate', 'dateOfBirth', 'gender', 'category', 'address' columns; start from the template",
    );
    expect(await message(`${STUDENT_CSV_COLUMNS.join(',')}\r\n\r\n`)).toBe('The file has no student rows');
    expect(await message(`${STUDENT_CSV_COLUMNS.join(',')}\r\n"open`)).toBe(
      'A quoted value starting on line 2 is never closed',
    );
  });

  it('checks the course and batch like the form does, and keeps other departments out', async () => {
    const csv = file([row(1)]);
    const refused = await h
      .caller('ugStaff')
      .students.importCommit({ ...input(csv), batchId: fx.pg.batchId })
      .catch((e: TRPCError) => e);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: 'This batch is not a batch of BA English' });
    const forbidden = await h
      .caller('pgStaff')
      .students.importCommit(input(csv))
      .catch((e: TRPCError) => e);
    expect(forbidden).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('import limits', () => {
  it('refuses more than 2,000 rows, a file over 1 MB, and an import sent in a batch with other calls; nothing is written', async () => {
    const ug = h.caller('ugStaff');
    const before = await studentCount();
    const tooMany = file(Array.from({ length: 2001 }, (_, i) => row(i + 1)));
    expect(await refusalOf(ug.students.importPreview(input(tooMany)))).toEqual({
      code: 'BAD_REQUEST',
      message: 'At most 2000 students can be imported at once; this file has 2001',
    });
    const tooLarge = file([row(1, { address: 'x'.repeat(1_000_001) })]);
    const large = await refusalOf(ug.students.importCommit(input(tooLarge)));
    expect(large.code).toBe('BAD_REQUEST');
    expect(large.message).toContain('The file is too large (at most 1 MB)');
    const batched = createCaller(createContextInner({ db: h.db, session: h.sessions.ugStaff, callsInRequest: 2 }));
    expect(await refusalOf(batched.students.importCommit(input(file([row(1)]))))).toEqual({
      code: 'BAD_REQUEST',
      message: 'An import cannot be sent in a batch with other calls',
    });
    expect(await studentCount()).toBe(before);
  });

  it('checks one file at a time: an import of any kind sent meanwhile is refused with 429; the next one is checked', async () => {
    const ug = h.caller('ugStaff');
    const admin = h.caller('admin');
    const students = input(file(Array.from({ length: 2000 }, (_, i) => row(i + 1))));
    const opening = { depId: 100 as const, csv: `admissionNo,head,amount\n${fx.ug.admissionNo},Tuition Fee,100` };
    const answers = await Promise.allSettled([
      ug.students.importPreview(students),
      admin.opening.importPreview(opening),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((a) => a.status === 'rejected')!.reason as TRPCError;
    expect([refused.code, refused.message]).toEqual(['TOO_MANY_REQUESTS', MSG.importBusy]);
    // A refused file, a file that fails its checks and a checked one each leave the way free.
    expect(await refusalOf(ug.students.importPreview(input('no rows')))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await ug.students.importPreview(students)).toMatchObject({ total: 2000 });
    expect(await admin.opening.importPreview(opening)).toMatchObject({ total: 1 });
  });
});

async function refusalOf(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
