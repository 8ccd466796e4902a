import type { AccessRules } from './rule';

const PERIOD = { from: '2026-11-02', to: '2026-11-03' };
const REPORT = { fileName: 'settlements.csv', fileBase64: Buffer.from('entity_id,type\n').toString('base64') };

/** The merchant account's settlements belong to no one department: every accountant reads them. */
export const settlementsAccess: AccessRules = {
  'settlements.list': { access: 'write', input: () => PERIOD, anyDepartment: true },
  'settlements.fetch': { access: 'write', input: () => PERIOD, anyDepartment: true },
  'settlements.previewReport': { access: 'write', input: () => REPORT, anyDepartment: true },
  'settlements.importReport': { access: 'write', input: () => REPORT, anyDepartment: true },
};
