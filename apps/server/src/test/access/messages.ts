import type { AccessRules } from './rule';

export const messagesAccess: AccessRules = {
  'messages.list': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  'messages.sendNotice': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'messages.contactsImportPreview': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, csv: `admissionNo,guardian1Name\n${fx.ug.admissionNo},Lakshmi` }),
  },
  'messages.contactsImportCommit': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, csv: `admissionNo,guardian1Name\n${fx.ug.admissionNo},Lakshmi` }),
  },
};
