import type { AccessRules } from './rule';

export const chequesAccess: AccessRules = {
  'cheques.list': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, status: 'pending' }) },
  'cheques.clear': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, chequeId: 1, date: '2025-08-01' }) },
  'cheques.clearMany': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, chequeIds: [1, 2], date: '2025-08-01' }),
  },
  'cheques.bounce': {
    access: 'department',
    input: (fx) => ({
      depId: fx.ug.depId,
      chequeId: 1,
      date: '2025-08-01',
      reason: 'Funds insufficient',
      charge: '500',
    }),
  },
  // Staff too once the admin's setting allows it; by default, admins only.
  'days.close': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId, date: '2025-08-01' }) },
  'days.reopen': {
    access: 'admin',
    input: (fx) => ({ depId: fx.ug.depId, date: '2025-08-01', reason: 'Closed by mistake' }),
  },
};
