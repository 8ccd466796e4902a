import { findStudentsByAdmissionNos, listFeeHeads } from '@fees/db';
import {
  AppError,
  OPT_IN_CSV_COLUMNS,
  OPT_IN_FIELD_LABELS,
  OPTIONAL_HEAD_MSG,
  type OptInCsvColumn,
  STUDENT_IMPORT_MAX_ROWS,
  type TOptInImportInput,
  ZOptInCsvRow,
} from '@fees/validation';
import { assertNotBatched, type AuthedContext } from '../../context';
import { oneImportAtATime, stepper } from '../../import-check';
import { cellsOf, mapCsvColumns, recordsOf } from '../students/csv';
import { refusalsOfSpells, type Spell, writeSpells } from './service';

export interface OptInImportRow {
  /** Line of the file the row starts on (the header is line 1). */
  line: number;
  values: Record<OptInCsvColumn, string>;
  studentName: string | null;
  errors: string[];
}

const normalizeHeader = (h: string) => {
  const n = h.toLowerCase().replace(/[^a-z]/g, '');
  return n === 'feehead' ? 'head' : n === 'until' ? 'to' : n;
};

/**
 * Reads an opt-in file (admission no, head, from, until) and checks every row: the shared row schema, the student in
 * the department, the head optional in the student's batch, no spell sharing a day with one on record or in the file.
 */
async function analyse(ctx: AuthedContext, input: TOptInImportInput) {
  const [header, ...data] = recordsOf(input.csv);
  if (!header || data.length === 0) throw new AppError('BAD_INPUT', OPTIONAL_HEAD_MSG.noRows);
  if (data.length > STUDENT_IMPORT_MAX_ROWS)
    throw new AppError('BAD_INPUT', OPTIONAL_HEAD_MSG.tooManyRows(data.length));
  const columns = mapCsvColumns(header, OPT_IN_CSV_COLUMNS, ['admissionNo', 'head', 'from'], normalizeHeader);
  const step = stepper();
  const parsedRows = [];
  for (const record of data) {
    await step();
    const values = cellsOf(record, OPT_IN_CSV_COLUMNS, columns);
    const parsed = ZOptInCsvRow.safeParse(values);
    const errors = parsed.success
      ? []
      : parsed.error.issues.map(
          (i) => `${OPT_IN_FIELD_LABELS[i.path[0] as OptInCsvColumn] ?? String(i.path[0])}: ${i.message}`,
        );
    parsedRows.push({ line: record.line, values, parsed: parsed.success ? parsed.data : null, errors });
  }
  const heads = new Map((await listFeeHeads(ctx.db)).map((h) => [h.name.toLowerCase(), h]));
  const found = await findStudentsByAdmissionNos(ctx.db, {
    departmentId: input.depId,
    admissionNos: [...new Set(parsedRows.map((r) => r.values.admissionNo).filter((no) => no !== ''))],
  });
  const byNo = new Map(found.map((s) => [s.admissionNo, s]));
  const checked: Array<{ row: (typeof parsedRows)[number]; spell: Spell }> = [];
  const rows: OptInImportRow[] = parsedRows.map((r) => {
    const student = r.values.admissionNo === '' ? undefined : byNo.get(r.values.admissionNo);
    if (r.values.admissionNo !== '' && !student)
      r.errors.push(`Admission no: ${OPTIONAL_HEAD_MSG.unknownStudent(r.values.admissionNo)}`);
    const head = r.values.head === '' ? undefined : heads.get(r.values.head.toLowerCase());
    if (r.values.head !== '' && !head) r.errors.push(`Head: ${OPTIONAL_HEAD_MSG.unknownHead(r.values.head)}`);
    if (student && head && r.parsed)
      checked.push({
        row: r,
        spell: { studentId: student.id, feeHeadId: head.id, from: r.parsed.from, to: r.parsed.to },
      });
    return { line: r.line, values: r.values, studentName: student?.name ?? null, errors: r.errors };
  });
  const refusals = await refusalsOfSpells(
    ctx.db,
    input.depId,
    checked.map((c) => c.spell),
  );
  for (const [k, refusal] of refusals.entries()) if (refusal) checked[k]!.row.errors.push(`Head: ${refusal}`);
  const valid = rows.filter((r) => r.errors.length === 0).length;
  return { rows, spells: checked.map((c) => c.spell), total: rows.length, valid, invalid: rows.length - valid };
}

/** Every row of the file with its messages; writes nothing. */
export async function previewOptInImport(ctx: AuthedContext, input: TOptInImportInput) {
  assertNotBatched(ctx, 'An import');
  const { rows, total, valid, invalid } = await oneImportAtATime(() => analyse(ctx, input));
  return { rows, total, valid, invalid };
}

/** Re-checks the file and writes every opt-in in one transaction, or none. */
export async function commitOptInImport(ctx: AuthedContext, input: TOptInImportInput) {
  assertNotBatched(ctx, 'An import');
  const analysis = await oneImportAtATime(() => analyse(ctx, input));
  if (analysis.invalid > 0) {
    const lines = analysis.rows.filter((r) => r.errors.length > 0).map((r) => r.line);
    throw new AppError(
      'BAD_INPUT',
      `${analysis.invalid} of ${analysis.total} rows are invalid (line${lines.length === 1 ? '' : 's'} ` +
        `${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', ...' : ''}); nothing was imported`,
    );
  }
  const { added } = await writeSpells(ctx, input.depId, analysis.spells);
  return { Status: 'OK' as const, imported: added };
}
