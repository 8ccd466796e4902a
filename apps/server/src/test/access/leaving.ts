import type { AccessRules } from './rule';

export const leavingAccess: AccessRules = {
  'leaving.ofStudent': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, admNo: fx.ug.admissionNo }) },
  'leaving.preview': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, admNo: fx.ug.admissionNo, date: '2025-07-01' }),
  },
  'leaving.leave': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, admNo: fx.ug.admissionNo, date: '2025-07-01', reason: 'Moved away' }),
  },
  'leaving.undo': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, admNo: fx.ug.admissionNo }) },
  'leaving.certificate': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, admNo: fx.ug.admissionNo }) },
  'leaving.certificateByNumber': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, number: 1 }) },
};
