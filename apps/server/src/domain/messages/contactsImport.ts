/**
 * Guardians of existing students from a CSV file (one row per student, up to two guardians): checked
 * row by row as the students import is, then written for every student in one transaction, or none.
 * A student's guardians are replaced by the file's.
 */
import { findStudentsByAdmissionNos, replaceStudentContacts, writeAudit } from '@fees/db';
import {
  AppError,
  CONTACT_CSV_COLUMNS,
  type ContactCsvColumn,
  guardianFieldLabel,
  guardiansOfRow,
  STUDENT_IMPORT_MAX_ROWS,
  type TContactImportInput,
  type TGuardianContact,
  ZGuardianContacts,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { assertNotBatched, type AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import { oneImportAtATime, stepper } from '../../import-check';
import { type CsvRecord, CsvSyntaxError, mapCsvColumns, parseCsv } from '../students/csv';
import { inTransaction } from '../write';

export interface ContactImportRow {
  line: number;
  values: Record<ContactCsvColumn, string>;
  errors: string[];
}

const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

async function analyse(ctx: AuthedContext, input: TContactImportInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  let records: CsvRecord[];
  try {
    records = parseCsv(input.csv).filter((r) => r.cells.some((c) => c.trim() !== ''));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError('BAD_INPUT', error.message);
    throw error;
  }
  const [header, ...data] = records;
  if (!header || data.length === 0) throw new AppError('BAD_INPUT', 'The file has no rows of guardians');
  if (data.length > STUDENT_IMPORT_MAX_ROWS)
    throw new AppError('BAD_INPUT', `At most ${STUDENT_IMPORT_MAX_ROWS} rows at once; this file has ${data.length}`);
  const columns = mapCsvColumns(header, CONTACT_CSV_COLUMNS, ['admissionNo', 'guardian1Name'], normalizeHeader);
  const rows: ContactImportRow[] = [];
  const contacts: TGuardianContact[][] = [];
  const step = stepper();
  for (const record of data) {
    await step();
    const values = Object.fromEntries(
      CONTACT_CSV_COLUMNS.map((c) => {
        const index = columns.get(c);
        return [c, index === undefined ? '' : (record.cells[index] ?? '').trim()];
      }),
    ) as Record<ContactCsvColumn, string>;
    const errors: string[] = [];
    if (values.admissionNo === '') errors.push('Admission no: Required');
    const parsed = ZGuardianContacts.min(1, 'Give at least one guardian').safeParse(guardiansOfRow(values));
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors.push(`${guardianFieldLabel(issue.path)}: ${issue.message}`);
    rows.push({ line: record.line, values, errors });
    contacts.push(parsed.success ? parsed.data : []);
  }
  const found = await findStudentsByAdmissionNos(ctx.db, {
    departmentId: input.depId,
    admissionNos: [...new Set(rows.map((r) => r.values.admissionNo).filter(Boolean))],
  });
  const ids = new Map(found.map((s) => [s.admissionNo, s.id]));
  const linesByNo = new Map<string, number[]>();
  for (const row of rows)
    linesByNo.set(row.values.admissionNo, [...(linesByNo.get(row.values.admissionNo) ?? []), row.line]);
  for (const row of rows) {
    const no = row.values.admissionNo;
    if (no === '') continue;
    if (!ids.has(no)) row.errors.push(`Admission no: no student ${no} in this department`);
    const others = (linesByNo.get(no) ?? []).filter((l) => l !== row.line);
    if (others.length > 0) row.errors.push(`Admission no: ${no} is repeated in the file (lines ${others.join(', ')})`);
  }
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return { rows, contacts, ids, total: rows.length, valid: rows.length - invalid, invalid };
}

/** Every row of the file with its messages; writes nothing. */
export async function previewContactImport(ctx: AuthedContext, input: TContactImportInput) {
  assertNotBatched(ctx, 'An import');
  const { rows, total, valid, invalid } = await oneImportAtATime(() => analyse(ctx, input));
  return { rows, total, valid, invalid };
}

/** Checks the file again and replaces the guardians of every student in it, in one transaction. */
export async function commitContactImport(ctx: AuthedContext, input: TContactImportInput) {
  assertNotBatched(ctx, 'An import');
  const analysis = await oneImportAtATime(() => analyse(ctx, input));
  if (analysis.invalid > 0) {
    const lines = analysis.rows.filter((r) => r.errors.length > 0).map((r) => r.line);
    const shown = lines.length > 10 ? `${lines.slice(0, 10).join(', ')}, ...` : lines.join(', ');
    throw new AppError(
      'BAD_INPUT',
      `${analysis.invalid} of ${analysis.total} rows are invalid (line${lines.length === 1 ? '' : 's'} ${shown}); ` +
        'nothing was imported',
    );
  }
  const actor = actorOf(ctx);
  await inTransaction(ctx, async (tx) => {
    for (const [index, row] of analysis.rows.entries()) {
      const studentId = analysis.ids.get(row.values.admissionNo)!;
      const contacts = analysis.contacts[index]!;
      await replaceStudentContacts(tx, { studentId, contacts });
      await writeAudit(tx, { actor, action: 'import', entity: 'student', entityId: studentId, after: { contacts } });
    }
  });
  return { Status: 'OK' as const, imported: analysis.total };
}
