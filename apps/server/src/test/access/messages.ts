import type { AccessRules } from './rule';

export const messagesAccess: AccessRules = {
  'messages.receiptChat': { access: 'department', input: (fx) => ({ number: fx.ug.receiptNumber }) },
  'messages.statementChat': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }),
  },
};
