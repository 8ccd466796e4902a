import { findStudentsByAdmissionNos, listFeeHeads } from '@fees/db';
import {
  AppError,
  SPONSOR_CSV_COLUMNS,
  SPONSOR_MSG,
  STUDENT_IMPORT_MAX_ROWS,
  type TSponsorImportInput,
  ZSponsorCsvRow,
} from '@fees/validation';
import { assertNotBatched, type AuthedContext } from '../../context';
import { oneImportAtATime, stepper } from '../../import-check';
import { cellsOf, mapCsvColumns, recordsOf } from '../students/csv';
import { checkAllocations, createSponsorReceipt } from './service';

type Column = (typeof SPONSOR_CSV_COLUMNS)[number];
const LABELS: Record<Column, string> = { admissionNo: 'Admission no', head: 'Head', amount: 'Amount' };

export interface SponsorImportRow {
  /** Line of the file the row starts on (the header is line 1). */
  line: number;
  values: Record<Column, string>;
  studentName: string | null;
  errors: string[];
}

const normalizeHeader = (h: string) => {
  const n = h.toLowerCase().replace(/[^a-z]/g, '');
  return n === 'feehead' ? 'head' : n === 'admno' ? 'admissionno' : n;
};

/**
 * Reads a sanction list (admission no, head, amount) and checks every row: the shared row schema, the student in the
 * department, a share of this sponsor on that head, the amount within what is still expected, no row twice.
 */
async function analyse(ctx: AuthedContext, input: TSponsorImportInput) {
  const [header, ...data] = recordsOf(input.csv);
  if (!header || data.length === 0) throw new AppError('BAD_INPUT', SPONSOR_MSG.noRows);
  if (data.length > STUDENT_IMPORT_MAX_ROWS) throw new AppError('BAD_INPUT', SPONSOR_MSG.tooManyRows(data.length));
  const columns = mapCsvColumns(header, SPONSOR_CSV_COLUMNS, ['admissionNo', 'head', 'amount'], normalizeHeader);
  const step = stepper();
  const heads = new Map((await listFeeHeads(ctx.db)).map((h) => [h.name.toLowerCase(), h]));
  const parsedRows = [];
  for (const record of data) {
    await step();
    const values = cellsOf(record, SPONSOR_CSV_COLUMNS, columns);
    const parsed = ZSponsorCsvRow.safeParse(values);
    const errors = parsed.success
      ? []
      : parsed.error.issues.map((i) => `${LABELS[i.path[0] as Column] ?? String(i.path[0])}: ${i.message}`);
    parsedRows.push({ line: record.line, values, parsed: parsed.success ? parsed.data : null, errors });
  }
  const found = await findStudentsByAdmissionNos(ctx.db, {
    departmentId: input.depId,
    admissionNos: [...new Set(parsedRows.map((r) => r.values.admissionNo).filter((no) => no !== ''))],
  });
  const byNo = new Map(found.map((s) => [s.admissionNo, s]));
  const checked: Array<{ row: (typeof parsedRows)[number]; studentId: number; feeHeadId: number; amount: number }> = [];
  const rows: SponsorImportRow[] = parsedRows.map((r) => {
    const student = r.values.admissionNo === '' ? undefined : byNo.get(r.values.admissionNo);
    if (r.values.admissionNo !== '' && !student)
      r.errors.push(`Admission no: ${SPONSOR_MSG.unknownStudent(r.values.admissionNo)}`);
    const head = r.values.head === '' ? undefined : heads.get(r.values.head.toLowerCase());
    if (r.values.head !== '' && !head) r.errors.push(`Head: ${SPONSOR_MSG.unknownHead(r.values.head)}`);
    if (student && head && r.parsed)
      checked.push({ row: r, studentId: student.id, feeHeadId: head.id, amount: r.parsed.amount });
    return { line: r.line, values: r.values, studentName: student?.name ?? null, errors: r.errors };
  });
  const verdicts = await checkAllocations(ctx.db, input, checked);
  for (const [k, v] of verdicts.entries()) if (v.error) checked[k]!.row.errors.push(`Head: ${v.error}`);
  const valid = rows.filter((r) => r.errors.length === 0).length;
  const allocations = checked.map(({ studentId, feeHeadId, amount }) => ({ studentId, feeHeadId, amount }));
  const totalPaise = allocations.reduce((t, a) => t + a.amount, 0);
  return { rows, allocations, total: rows.length, valid, invalid: rows.length - valid, totalPaise };
}

/** Every row of the sanction list with its messages and the receipt's total; writes nothing. */
export async function previewSponsorImport(ctx: AuthedContext, input: TSponsorImportInput) {
  assertNotBatched(ctx, 'An import');
  const { rows, total, valid, invalid, totalPaise } = await oneImportAtATime(() => analyse(ctx, input));
  return { rows, total, valid, invalid, totalPaise };
}

/** Re-checks the list and writes the sponsor receipt with every row as an allocation, or nothing. */
export async function commitSponsorImport(ctx: AuthedContext, input: TSponsorImportInput) {
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
  const { csv: _, ...receipt } = input;
  return await createSponsorReceipt(ctx, { ...receipt, allocations: analysis.allocations });
}
