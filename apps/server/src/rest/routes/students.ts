import { z } from 'zod';
import { route, type AppCaller, type WireFields, wireOnly } from '../route';
import { ZIsoDate } from '../wire';
import { studentIdOf } from './shared';

/** The spec's Student; admType holds the category name and adharNo the religion description. */
const ZStudent = z.object({
  id: z.int(),
  admNo: z.string(),
  batchId: z.int(),
  batch: z.string(),
  courseId: z.int(),
  course: z.string(),
  depId: z.int(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  capId: z.string(),
  admDate: ZIsoDate,
  dob: ZIsoDate,
  sex: z.string(),
  admType: z.string(),
  adharNo: z.string().nullable(),
  parent: z.string().nullable(),
  zip: z.string().nullable(),
});

function studentOut(s: {
  id: number;
  admissionNo: string;
  batchId: number;
  batchName: string;
  courseId: number;
  courseName: string;
  departmentId: number;
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  capId: string;
  admissionDate: string;
  dateOfBirth: string;
  gender: string;
  categoryName: string;
  religionName: string | null;
  parentName: string | null;
  guardianAddress: string | null;
}) {
  return {
    id: s.id,
    admNo: s.admissionNo,
    batchId: s.batchId,
    batch: s.batchName,
    courseId: s.courseId,
    course: s.courseName,
    depId: s.departmentId,
    name: s.name,
    address: s.address,
    phone: s.phone,
    email: s.email,
    capId: s.capId,
    admDate: s.admissionDate,
    dob: s.dateOfBirth,
    sex: s.gender,
    admType: s.categoryName,
    adharNo: s.religionName,
    parent: s.parentName,
    zip: s.guardianAddress,
  };
}

/** A student as a course list shows them. */
const ZListedStudent = z.object({
  id: z.int(),
  admNo: z.string(),
  name: z.string(),
  capId: z.string(),
  phone: z.string().nullable(),
  admDate: ZIsoDate,
  batchId: z.int(),
  batch: z.string(),
});

/** A saved registration: Status 'OK', the student's id and admission number. */
const ZSaved = z.object({ Status: z.string(), id: z.int(), admNo: z.string() });

/** The registration payload. */
const REGISTRATION = {
  dep_id: 'depId',
  courseId: 'courseId',
  cmbBatch: 'batchId',
  capId: 'capId',
  name: 'name',
  regno: 'admissionNo',
  rgdate: 'admissionDate',
  adtype: wireOnly('string', 'The category: its name (cat_name of /api/getgrp/) or its id', true),
  dob: 'dateOfBirth',
  sex: 'gender',
  adharNo: wireOnly('string', 'The religion: its description (of /api/religion/) or its id; optional'),
  email: 'email',
  phone: 'phone',
  pname: 'parentName',
  address: 'address',
  zip: 'guardianAddress',
  contacts: 'contacts',
} as const;

const REGISTRATION_ERRORS = { categoryId: 'adtype', religionId: 'adharNo' };

/** A reference list entry by its name (any case) or its id; the raw value when neither (the schema refuses it). */
function idByName(rows: ReadonlyArray<{ id: number; name: string }>, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  const text = String(value).trim().toLowerCase();
  return rows.find((r) => r.name.toLowerCase() === text || String(r.id) === text)?.id ?? value;
}

async function registrationFields(f: WireFields, caller: AppCaller) {
  const [categories, religions] = await Promise.all([caller.reference.categories(), caller.reference.religions()]);
  return {
    categoryId: idByName(categories, f.adtype),
    religionId: idByName(religions, f.adharNo),
    confirm: f.confirm ?? true,
  };
}

export const studentRoutes = [
  route({
    method: 'GET',
    path: '/api/getinfo',
    procedure: 'students.byAdmissionNo',
    summary: 'A student by admission number (Id) in a department',
    access: 'lookup',
    request: {
      Id: 'admissionNo',
      depId: 'depId',
      subId: wireOnly('integer', 'The course; not needed: the admission number names the student'),
    },
    response: z.object({ Result: z.array(ZStudent) }),
    output: (s) => ({ Result: [studentOut(s)] }),
  }),
  route({
    method: 'GET',
    path: '/api/list',
    procedure: 'students.list',
    summary: "A course's students, batch by batch",
    access: 'read',
    request: { depId: 'depId', courseId: 'courseId' },
    response: z.array(ZListedStudent),
    output: (r) =>
      r.batches.flatMap((b) =>
        b.students.map((s) => ({
          id: s.id,
          admNo: s.admissionNo,
          name: s.name,
          capId: s.capId,
          phone: s.phone,
          admDate: s.admissionDate,
          batchId: b.id,
          batch: b.name,
        })),
      ),
  }),
  route({
    method: 'GET',
    path: '/api/admbyid',
    procedure: 'discounts.studentsOfBatch',
    summary: 'The students of a batch (the discount form picks from them)',
    access: 'discount',
    request: {
      depId: 'depId',
      courseId: wireOnly('integer', 'The course; not needed: the batch names it'),
      batchId: 'batchId',
    },
    response: z.array(ZListedStudent.omit({ batchId: true, batch: true })),
    output: (rows) =>
      rows.map((s) => ({
        id: s.id,
        admNo: s.admissionNo,
        name: s.name,
        capId: s.capId,
        phone: s.phone,
        admDate: s.admissionDate,
      })),
  }),
  route({
    method: 'POST',
    path: '/api/register',
    procedure: 'students.create',
    summary: "Registers a student ('OK'; else Message says why)",
    access: 'write',
    request: REGISTRATION,
    input: registrationFields,
    errorNames: REGISTRATION_ERRORS,
    response: ZSaved,
    output: (r) => ({ Status: r.Status, id: r.id, admNo: r.admissionNo }),
    errorFields: (message) => ({ Message: message }),
  }),
  route({
    method: 'PUT',
    path: '/api/regedit/:admNo',
    procedure: 'students.update',
    summary: 'Edits the student with this admission number (regno may change it)',
    access: 'write',
    request: { admNo: wireOnly('string', 'The current admission number'), ...REGISTRATION },
    input: async (f, caller) => ({
      ...(await registrationFields(f, caller)),
      id: await studentIdOf(caller, f.dep_id, f.admNo),
      admissionNo: f.regno ?? f.admNo,
    }),
    errorNames: { ...REGISTRATION_ERRORS, id: 'admNo' },
    response: ZSaved,
    output: (r) => ({ Status: r.Status, id: r.id, admNo: r.admissionNo }),
    errorFields: (message) => ({ Message: message }),
  }),
  route({
    method: 'DELETE',
    path: '/api/regdel/:admNo',
    procedure: 'students.remove',
    summary: "Deletes a student without receipts ('Success'; else the message says why)",
    access: 'write',
    request: {
      admNo: wireOnly('string', 'The admission number'),
      depId: 'depId',
      subId: wireOnly('integer', 'The course; not needed'),
    },
    input: async (f, caller) => ({ id: await studentIdOf(caller, f.depId, f.admNo) }),
    errorNames: { id: 'admNo' },
    response: z.object({ Status: z.string() }),
    output: (r) => ({ Status: r.Status }),
    errorFields: (message) => ({ Message: message }),
  }),
  route({
    method: 'POST',
    path: '/search/student/',
    procedure: 'receipts.searchStudents',
    summary: 'Students of a course whose name, admission no or capId contains sText',
    access: 'lookup',
    request: { depId: 'depId', courseId: 'courseId', sText: 'text' },
    response: z.array(
      z.object({
        id: z.int(),
        admNo: z.string(),
        name: z.string(),
        address: z.string(),
        capId: z.string(),
        batchId: z.int(),
        batch: z.string(),
      }),
    ),
    output: (r) =>
      r.batches.flatMap((b) =>
        b.students.map((s) => ({
          id: s.studentId,
          admNo: s.admissionNo,
          name: s.name,
          address: s.address,
          capId: s.capId,
          batchId: b.batchId,
          batch: b.batchName,
        })),
      ),
  }),
];
