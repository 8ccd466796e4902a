import { findStudentsByAdmissionNos, listFeeHeads, openingBalanceKeys } from '@fees/db';
import {
  AppError,
  LATE_FEE_HEAD,
  OPENING_CSV_COLUMNS,
  OPENING_FIELD_LABELS,
  OPENING_IMPORT_MAX_ROWS,
  OPENING_MSG,
  type OpeningCsvColumn,
  type TOpeningCsvRow,
  type TOpeningImportInput,
  ZOpeningCsvRow,
} from '@fees/validation';
import { assertNotBatched, type AuthedContext } from '../../context';
import { oneImportAtATime, stepper } from '../../import-check';
import { type CsvRecord, cellsOf, mapCsvColumns, recordsOf } from '../students/csv';

const REQUIRED_COLUMNS: OpeningCsvColumn[] = ['admissionNo', 'head', 'amount'];

export interface OpeningImportRow {
  /** Line of the file the row starts on (the header is line 1). */
  line: number;
  values: Record<OpeningCsvColumn, string>;
  /** The student's name once the admission number is found. */
  studentName: string | null;
  /** The amount in paise once it reads (negative: an opening advance). */
  amountPaise: number | null;
  errors: string[];
}

export interface OpeningToWrite {
  studentId: number;
  admissionNo: string;
  feeHeadId: number;
  feeHead: string;
  amountPaise: number;
  note: string | null;
}

export interface OpeningImportAnalysis {
  rows: OpeningImportRow[];
  /** The valid rows, in file order; complete only when every row is valid. */
  balances: OpeningToWrite[];
  total: number;
  valid: number;
  invalid: number;
  /** Sums of the valid rows: dues brought forward and opening advances (as a positive amount). */
  duesPaise: number;
  advancesPaise: number;
}

/** Header cells match loosely: 'Admission No', 'admission_no' and 'admissionNo' are one column; 'Fee head' is head. */
const normalizeHeader = (h: string) => {
  const n = h.toLowerCase().replace(/[^a-z]/g, '');
  return n === 'feehead' ? 'head' : n;
};

function mapColumns(header: CsvRecord): Map<OpeningCsvColumn, number> {
  return mapCsvColumns(header, OPENING_CSV_COLUMNS, REQUIRED_COLUMNS, normalizeHeader);
}

/**
 * Reads an opening balance file and checks every row: the shared row schema, the student (by
 * admission number in the department), the head (an existing one, not Late fee), a student and head
 * repeated in the file or already carrying an opening balance. Nothing is written.
 */
export async function analyseOpeningImport(
  ctx: AuthedContext,
  input: TOpeningImportInput,
): Promise<OpeningImportAnalysis> {
  assertNotBatched(ctx, 'An import');
  return oneImportAtATime(() => checkOpeningImport(ctx, input));
}

/** Every row of the file with its messages and the sums of the valid ones; writes nothing. */
export async function previewOpeningImport(ctx: AuthedContext, input: TOpeningImportInput) {
  const { rows, total, valid, invalid, duesPaise, advancesPaise } = await analyseOpeningImport(ctx, input);
  return { rows, total, valid, invalid, duesPaise, advancesPaise };
}

async function checkOpeningImport(ctx: AuthedContext, input: TOpeningImportInput): Promise<OpeningImportAnalysis> {
  const [header, ...data] = recordsOf(input.csv);
  if (!header || data.length === 0) throw new AppError('BAD_INPUT', OPENING_MSG.noRows);
  if (data.length > OPENING_IMPORT_MAX_ROWS) throw new AppError('BAD_INPUT', OPENING_MSG.tooManyRows(data.length));
  const columns = mapColumns(header);

  const parsedRows: Array<{
    line: number;
    values: Record<OpeningCsvColumn, string>;
    parsed: TOpeningCsvRow | null;
    errors: string[];
  }> = [];
  const step = stepper();
  for (const record of data) {
    await step();
    const values = cellsOf(record, OPENING_CSV_COLUMNS, columns);
    const parsed = ZOpeningCsvRow.safeParse(values);
    const errors = parsed.success
      ? []
      : parsed.error.issues.map(
          (issue) =>
            `${OPENING_FIELD_LABELS[issue.path[0] as OpeningCsvColumn] ?? String(issue.path[0])}: ${issue.message}`,
        );
    parsedRows.push({ line: record.line, values, parsed: parsed.success ? parsed.data : null, errors });
  }

  const heads = new Map((await listFeeHeads(ctx.db)).map((h) => [h.name.toLowerCase(), h]));
  const found = await findStudentsByAdmissionNos(ctx.db, {
    departmentId: input.depId,
    admissionNos: [...new Set(parsedRows.map((r) => r.values.admissionNo).filter((no) => no !== ''))],
  });
  const studentsByNo = new Map(found.map((s) => [s.admissionNo, s]));
  const existing = new Set((await openingBalanceKeys(ctx.db, input.depId)).map((k) => `${k.studentId}/${k.feeHeadId}`));

  const linesByKey = new Map<string, number[]>();
  const resolved = parsedRows.map((r) => {
    const student = r.values.admissionNo === '' ? undefined : studentsByNo.get(r.values.admissionNo);
    if (r.values.admissionNo !== '' && !student)
      r.errors.push(`Admission no: ${OPENING_MSG.unknownStudent(r.values.admissionNo)}`);
    const head = r.values.head === '' ? undefined : heads.get(r.values.head.toLowerCase());
    if (r.values.head !== '' && (!head || head.name === LATE_FEE_HEAD))
      r.errors.push(`Head: ${OPENING_MSG.unknownHead(r.values.head)}`);
    const usable = head && head.name !== LATE_FEE_HEAD ? head : undefined;
    // Only rows that read well count as repeats: a row with a typo is reported for the typo alone.
    if (student && usable && r.parsed) {
      const key = `${student.id}/${usable.id}`;
      linesByKey.set(key, [...(linesByKey.get(key) ?? []), r.line]);
      if (existing.has(key)) r.errors.push(`Head: ${OPENING_MSG.exists(usable.name)}`);
    }
    return { ...r, student, head: usable };
  });

  const rows: OpeningImportRow[] = [];
  const balances: OpeningToWrite[] = [];
  for (const r of resolved) {
    if (r.student && r.head) {
      const others = (linesByKey.get(`${r.student.id}/${r.head.id}`) ?? []).filter((l) => l !== r.line);
      if (others.length > 0) r.errors.push(`Head: ${OPENING_MSG.repeated(others)}`);
    }
    rows.push({
      line: r.line,
      values: r.values,
      studentName: r.student?.name ?? null,
      amountPaise: r.parsed?.amount ?? null,
      errors: r.errors,
    });
    if (r.errors.length === 0 && r.parsed && r.student && r.head) {
      balances.push({
        studentId: r.student.id,
        admissionNo: r.student.admissionNo,
        feeHeadId: r.head.id,
        feeHead: r.head.name,
        amountPaise: r.parsed.amount,
        note: r.parsed.note,
      });
    }
  }
  return {
    rows,
    balances,
    total: rows.length,
    valid: balances.length,
    invalid: rows.length - balances.length,
    duesPaise: balances.reduce((sum, b) => sum + Math.max(0, b.amountPaise), 0),
    advancesPaise: balances.reduce((sum, b) => sum + Math.max(0, -b.amountPaise), 0),
  };
}
