import type { AccessRules } from './rule';

export const familyAccess: AccessRules = {
  'family.link': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'family.revoke': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
};
