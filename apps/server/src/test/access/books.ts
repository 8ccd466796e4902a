import type { AccessRules } from './rule';

const range = { from: '2025-07-01', to: '2025-07-31' };

export const booksAccess: AccessRules = {
  'books.ledger': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'books.tallyXml': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'books.preview': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'books.export': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'books.sendToTally': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'books.exports': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'books.mapping': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'books.saveMapping': {
    access: 'admin',
    input: (fx) => ({
      depId: fx.ug.depId,
      company: 'UG College',
      refundLedger: 'Advance from students',
      gstLedger: 'Output GST',
      heads: [],
      modes: [],
    }),
  },
};
