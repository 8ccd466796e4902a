import { findTakenAdmissionNos, listCategories, listReligions } from '@fees/db';
import {
  AppError,
  guardianFieldLabel,
  guardiansOfRow,
  parseShownDate,
  STUDENT_CSV_COLUMNS,
  STUDENT_FIELD_LABELS,
  STUDENT_GENDERS,
  STUDENT_IMPORT_MAX_ROWS,
  type StudentCsvColumn,
  type TStudentForm,
  type TStudentImportInput,
  ZStudentForm,
} from '@fees/validation';
import { type CsvRecord, cellsOf, mapCsvColumns, recordsOf } from './csv';
import { admissionNoTakenMessage, assertEnrolment } from './shared';
import { assertNotBatched, type AuthedContext } from '../../context';
import { oneImportAtATime, stepper } from '../../import-check';

const REQUIRED_COLUMNS: StudentCsvColumn[] = [
  'admissionNo',
  'capId',
  'name',
  'admissionDate',
  'dateOfBirth',
  'gender',
  'category',
  'address',
];

export interface ImportRow {
  /** Line of the file the row starts on (the header is line 1). */
  line: number;
  values: Record<StudentCsvColumn, string>;
  errors: string[];
}

export interface ImportAnalysis {
  rows: ImportRow[];
  /** The valid rows' forms, in file order; complete only when every row is valid. */
  forms: TStudentForm[];
  total: number;
  valid: number;
  invalid: number;
}

/**
 * Header cells match loosely: 'Admission No', 'admission_no' and 'admissionNo' are one column; 'Guardian 1 name'
 * guardian1Name.
 */
const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** dd-MM-yyyy, dd/MM/yyyy and dd.MM.yyyy (what spreadsheets write) become yyyy-MM-dd. */
function normalizeDate(text: string): string {
  return parseShownDate(text) ?? text.trim();
}

function normalizeGender(text: string): string {
  const t = text.trim().toLowerCase();
  return STUDENT_GENDERS.find((g) => g.toLowerCase() === t || g[0]!.toLowerCase() === t) ?? text.trim();
}

function mapColumns(header: CsvRecord): Map<StudentCsvColumn, number> {
  return mapCsvColumns(header, STUDENT_CSV_COLUMNS, REQUIRED_COLUMNS, normalizeHeader);
}

/**
 * Reads an import file and checks every row with the registration form's schema, then for
 * admission numbers repeated in the file or already used in the department. Nothing is written.
 */
export async function analyseImport(ctx: AuthedContext, input: TStudentImportInput): Promise<ImportAnalysis> {
  assertNotBatched(ctx, 'An import');
  return oneImportAtATime(() => checkImport(ctx, input));
}

/** Every row of the file with its messages; writes nothing. */
export async function previewStudentImport(ctx: AuthedContext, input: TStudentImportInput) {
  const { rows, total, valid, invalid } = await analyseImport(ctx, input);
  return { rows, total, valid, invalid };
}

async function checkImport(ctx: AuthedContext, input: TStudentImportInput): Promise<ImportAnalysis> {
  await assertEnrolment(ctx, input);
  const [header, ...data] = recordsOf(input.csv);
  if (!header || data.length === 0) throw new AppError('BAD_INPUT', 'The file has no student rows');
  if (data.length > STUDENT_IMPORT_MAX_ROWS) {
    throw new AppError(
      'BAD_INPUT',
      `At most ${STUDENT_IMPORT_MAX_ROWS} students can be imported at once; this file has ${data.length}`,
    );
  }
  const columns = mapColumns(header);
  const categories = new Map((await listCategories(ctx.db)).map((c) => [c.name.toLowerCase(), c.id]));
  const religions = new Map((await listReligions(ctx.db)).map((r) => [r.name.toLowerCase(), r.id]));

  const rows: ImportRow[] = [];
  const forms: Array<TStudentForm | null> = [];
  const step = stepper();
  for (const record of data) {
    await step();
    const values = cellsOf(record, STUDENT_CSV_COLUMNS, columns);
    const errors: string[] = [];
    const categoryId = values.category === '' ? undefined : categories.get(values.category.toLowerCase());
    if (values.category !== '' && categoryId === undefined)
      errors.push(`Category: '${values.category}' is not a known category`);
    const religionId = values.religion === '' ? null : religions.get(values.religion.toLowerCase());
    if (religionId === undefined) errors.push(`Religion: '${values.religion}' is not a known religion`);
    const parsed = ZStudentForm.safeParse({
      courseId: input.courseId,
      batchId: input.batchId,
      confirm: true,
      admissionNo: values.admissionNo,
      capId: values.capId,
      name: values.name,
      admissionDate: normalizeDate(values.admissionDate),
      dateOfBirth: normalizeDate(values.dateOfBirth),
      gender: normalizeGender(values.gender),
      categoryId: categoryId ?? (values.category === '' ? undefined : 1),
      religionId: religionId ?? null,
      email: values.email,
      phone: values.phone,
      parentName: values.parentName,
      address: values.address,
      guardianAddress: values.guardianAddress,
      contacts: guardiansOfRow(values),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TStudentForm;
        const label =
          field === 'contacts'
            ? guardianFieldLabel(issue.path.slice(1))
            : (STUDENT_FIELD_LABELS[field] ?? String(field));
        errors.push(`${label}: ${issue.message}`);
      }
    }
    rows.push({ line: record.line, values, errors });
    forms.push(parsed.success && errors.length === 0 ? parsed.data : null);
  }

  const linesByNo = new Map<string, number[]>();
  for (const row of rows) {
    if (row.values.admissionNo === '') continue;
    linesByNo.set(row.values.admissionNo, [...(linesByNo.get(row.values.admissionNo) ?? []), row.line]);
  }
  const taken = new Set(
    await findTakenAdmissionNos(ctx.db, { departmentId: input.depId, admissionNos: [...linesByNo.keys()] }),
  );
  rows.forEach((row, index) => {
    const no = row.values.admissionNo;
    const others = (linesByNo.get(no) ?? []).filter((l) => l !== row.line);
    if (others.length > 0)
      row.errors.push(
        `Admission no: ${no} is repeated in the file (line${others.length === 1 ? '' : 's'} ${others.join(', ')})`,
      );
    if (taken.has(no)) row.errors.push(`Admission no: ${admissionNoTakenMessage(no)}`);
    if (row.errors.length > 0) forms[index] = null;
  });

  const valid = forms.filter((f): f is TStudentForm => f !== null);
  return { rows, forms: valid, total: rows.length, valid: valid.length, invalid: rows.length - valid.length };
}
