import type { Fixture } from '../fixture';
import type { AccessRules } from './rule';

const form = (fx: Fixture) => ({
  depId: 100,
  courseId: fx.ug.courseId,
  batchId: fx.ug.batchId,
  capId: 'CAP-NEW',
  name: 'Access Check',
  admissionNo: 'UG-ACCESS',
  admissionDate: '2025-06-15',
  categoryId: 1,
  dateOfBirth: '2007-01-01',
  gender: 'Male',
  address: 'Palakkad',
  confirm: true,
});

const importFile = (fx: Fixture) => ({
  depId: 100,
  courseId: fx.ug.courseId,
  batchId: fx.ug.batchId,
  csv:
    'admissionNo,capId,name,admissionDate,dateOfBirth,gender,category,address\r\n' +
    'UG-IMP-1,C1,Access Import,2025-06-15,2007-01-01,Male,General,Palakkad\r\n',
});

export const studentsAccess: AccessRules = {
  'students.dashboard': { access: 'read', input: () => ({ depId: 100 }) },
  'students.list': { access: 'read', input: (fx) => ({ depId: 100, courseId: fx.ug.courseId }) },
  'students.byId': { access: 'lookup', input: (fx) => ({ depId: 100, id: fx.ug.studentId }) },
  'students.enrolments': { access: 'read', input: (fx) => ({ depId: 100, id: fx.ug.studentId }) },
  'students.byAdmissionNo': { access: 'lookup', input: (fx) => ({ depId: 100, admissionNo: fx.ug.admissionNo }) },
  'students.create': { access: 'write', input: form },
  'students.update': {
    access: 'write',
    input: (fx) => ({ ...form(fx), id: fx.ug.studentId, admissionNo: fx.ug.admissionNo }),
  },
  'students.remove': { access: 'write', input: (fx) => ({ depId: 100, id: fx.ug.studentId }) },
  'students.importPreview': { access: 'write', input: importFile },
  'students.importCommit': { access: 'write', input: importFile },
};
