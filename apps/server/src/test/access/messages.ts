import type { AccessRules } from './rule';

const run = (fx: { ug: { depId: number; batchId: number } }) => ({
  depId: fx.ug.depId,
  batchId: fx.ug.batchId,
  date: '2026-01-01',
});
const template = { event: 'reminder_on', channel: 'sms', subject: null, body: 'Dear {recipientName}, pay Rs {amount}' };

export const messagesAccess: AccessRules = {
  'messages.list': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'messages.sendNotice': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'messages.contactsImportPreview': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, csv: `admissionNo,guardian1Name\n${fx.ug.admissionNo},Lakshmi` }),
  },
  'messages.contactsImportCommit': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, csv: `admissionNo,guardian1Name\n${fx.ug.admissionNo},Lakshmi` }),
  },
  'messages.outbox': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'messages.byId': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'messages.retry': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'messages.cancel': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'messages.sendReceiptAgain': {
    access: 'collect',
    input: (fx) => ({ depId: fx.ug.depId, receiptNumber: fx.ug.receiptNumber }),
  },
  'messages.templates': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'messages.saveTemplate': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, ...template }) },
  'messages.resetTemplate': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, event: 'reminder_on', channel: 'sms' }),
  },
  'messages.previewTemplate': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, ...template }) },
  'messages.settings': { access: 'admin' },
  'messages.updateSettings': {
    access: 'admin',
    input: () => ({
      quietHoursStart: '09:00',
      quietHoursEnd: '20:00',
      summaryRecipients: 'office@example.org',
      summaryTime: '07:00',
      sendRatePerSecond: 20,
      emailPrice: '0',
      smsPrice: '0.20',
      whatsappPrice: '0.80',
    }),
  },
  'messages.reminders.rules': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
  'messages.reminders.saveRules': {
    access: 'admin',
    input: (fx) => ({
      depId: fx.ug.depId,
      batchId: fx.ug.batchId,
      rules: [
        { stage: 'before', enabled: true, days: 3 },
        { stage: 'on', enabled: true, days: 0 },
        { stage: 'after', enabled: false, days: 7 },
      ],
    }),
  },
  'messages.reminders.preview': { access: 'read', input: run },
  'messages.reminders.queue': { access: 'write', input: run },
  'messages.receiptChat': { access: 'lookup', input: (fx) => ({ number: fx.ug.receiptNumber }) },
  'messages.statementChat': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }),
  },
};
