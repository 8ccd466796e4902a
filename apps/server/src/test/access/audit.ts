import type { AccessRules } from './rule';

export const auditAccess: AccessRules = {
  // Each accountant reads its own department's trail; admins and auditors every one.
  'audit.list': { access: 'audit', anyDepartment: true, input: () => ({}) },
  'audit.actors': { access: 'audit', anyDepartment: true },
  'audit.receiptHistory': { access: 'audit', input: (fx) => ({ number: fx.ug.receiptNumber }) },
};
