/**
 * Fixed reference data, seeded idempotently at every start.
 * Department and course ids never change: other programs of the foundation know them.
 */
export const DEPARTMENTS = [
  {
    id: 100,
    name: 'Arts and Science UG',
    prefix: 'ug',
    code: 'UG',
    shortName: 'UG',
    letterhead: 'Arts and Science College',
  },
  {
    id: 101,
    name: 'Arts and Science PG',
    prefix: 'pg',
    code: 'PG',
    shortName: 'PG',
    letterhead: 'Arts and Science College',
  },
  {
    id: 102,
    name: 'Diploma in Health Inspector',
    prefix: 'hic',
    code: 'HIC',
    shortName: 'DHI',
    letterhead: 'Institute of Health Sciences',
  },
  {
    id: 103,
    name: 'Diploma in Elementary Education',
    prefix: 'ttc',
    code: 'TTC',
    shortName: 'D.El.Ed',
    letterhead: 'Teacher Education Institute',
  },
  {
    id: 104,
    name: 'Bachelor of Education',
    prefix: 'bed',
    code: 'BED',
    shortName: 'BEd',
    letterhead: 'College of Education',
  },
  {
    id: 105,
    name: 'English Medium school',
    prefix: 'ems',
    code: 'EMS',
    shortName: 'English School',
    letterhead: 'English Medium School',
  },
] as const;

export type DepartmentId = (typeof DEPARTMENTS)[number]['id'];
export const DEPARTMENT_IDS = DEPARTMENTS.map((d) => d.id);

export const COURSES: ReadonlyArray<{ id: number; departmentId: DepartmentId; name: string }> = [
  { id: 1000, departmentId: 100, name: 'BSc Physics' },
  { id: 1001, departmentId: 100, name: 'BSc Psychology' },
  { id: 1002, departmentId: 100, name: 'BSc Mathematics' },
  { id: 1003, departmentId: 100, name: 'BA English' },
  { id: 1004, departmentId: 100, name: 'BA Economics' },
  { id: 1005, departmentId: 100, name: 'BA Multimedia' },
  { id: 1006, departmentId: 100, name: 'BA Sociology' },
  { id: 1007, departmentId: 100, name: 'BBA' },
  { id: 1008, departmentId: 100, name: 'BCA' },
  { id: 1009, departmentId: 100, name: 'B.Com Co-operation' },
  { id: 1010, departmentId: 100, name: 'B.Com Finance' },
  { id: 1011, departmentId: 100, name: 'B.Com Computer Application' },
  { id: 1012, departmentId: 100, name: 'BSW' },
  { id: 2000, departmentId: 101, name: 'MA English' },
  { id: 2001, departmentId: 101, name: 'MSc Physics' },
  { id: 2002, departmentId: 101, name: 'M.Com' },
  { id: 2003, departmentId: 101, name: 'MSW' },
  { id: 3000, departmentId: 102, name: 'Diploma in Health Inspector' },
  { id: 4000, departmentId: 103, name: 'Diploma in Elementary Education' },
  { id: 5000, departmentId: 104, name: 'B.Ed English' },
  { id: 5001, departmentId: 104, name: 'B.Ed Mathematics' },
  { id: 5002, departmentId: 104, name: 'B.Ed Physical Science' },
  { id: 5003, departmentId: 104, name: 'B.Ed Natural Science' },
  { id: 5004, departmentId: 104, name: 'B.Ed Commerce' },
  { id: 5005, departmentId: 104, name: 'B.Ed Social Science' },
  { id: 6000, departmentId: 105, name: 'English Medium School' },
];

export const CATEGORIES = ['General', 'OBC', 'SC', 'ST', 'EWS', 'OEC'] as const;

export const RELIGIONS = ['Hindu', 'Muslim', 'Christian', 'Sikh', 'Buddhist', 'Jain', 'Other', 'Not stated'] as const;

/** The head late fines are collected on; always present in the reference data. */
export const LATE_FEE_HEAD = 'Late fee';

/** The head opening balances from the old books go on when they belong to no head of the structure. */
export const PREVIOUS_DUES_HEAD = 'Previous dues';

/** The head an advance is taken on (a receipt line for fees not yet in any structure). */
export const ADVANCE_HEAD = 'Advance';

/** The head a bounced cheque's bank charge is due on; always present in the reference data. */
export const CHEQUE_BOUNCE_HEAD = 'Cheque bounce charge';

export const DEFAULT_FEE_HEADS = [
  'Admission Fee',
  'Tuition Fee',
  'Special Fee',
  'Exam Fee',
  'University Fee',
  'Library Fee',
  'Laboratory Fee',
  'Sports Fee',
  'PTA Fund',
  'Caution Deposit',
  'Bus Fee',
  'Uniform Fee',
  'Hostel Fee',
] as const;
