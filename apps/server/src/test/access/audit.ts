import type { AccessRules } from './rule';

export const auditAccess: AccessRules = {
  'audit.list': { access: 'authed', input: () => ({}) },
  'audit.actors': { access: 'authed' },
  'audit.receiptHistory': { access: 'department', input: (fx) => ({ number: fx.ug.receiptNumber }) },
};
