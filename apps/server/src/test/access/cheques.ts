import type { AccessRules } from './rule';

export const chequesAccess: AccessRules = {
  'cheques.list': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, status: 'pending' }) },
  'cheques.clear': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, chequeId: 1, date: '2025-08-01' }) },
  'cheques.clearMany': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, chequeIds: [1, 2], date: '2025-08-01' }),
  },
  'cheques.bounce': {
    access: 'write',
    input: (fx) => ({
      depId: fx.ug.depId,
      chequeId: 1,
      date: '2025-08-01',
      reason: 'Funds insufficient',
      charge: '500',
    }),
  },
  // Its base admits accountants (write); by default the day-closing setting leaves it to admins.
  'days.close': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId, date: '2025-08-01' }) },
  'days.reopen': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, date: '2025-08-01', reason: 'Closed by mistake' }),
  },
};
