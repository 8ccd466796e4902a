import type { AccessRules } from './rule';

const csv = (fx: { ug: { admissionNo: string } }) =>
  `admissionNo,head,amount,note\n${fx.ug.admissionNo},Previous dues,1200.50,2024-25 arrears\n`;

export const openingAccess: AccessRules = {
  'opening.list': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId }) },
  'opening.importPreview': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId, csv: csv(fx) }) },
  'opening.importCommit': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId, csv: csv(fx) }) },
  'opening.update': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId, id: 1, amount: '100' }) },
  'opening.remove': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
};
