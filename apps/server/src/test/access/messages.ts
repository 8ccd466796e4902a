import type { AccessRules } from './rule';

const run = (fx: { ug: { depId: number; batchId: number } }) => ({
  depId: fx.ug.depId,
  batchId: fx.ug.batchId,
  date: '2026-01-01',
});
const template = { event: 'reminder_on', channel: 'sms', subject: null, body: 'Dear {recipientName}, pay Rs {amount}' };

export const messagesAccess: AccessRules = {
  'messages.list': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  'messages.sendNotice': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'messages.contactsImportPreview': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, csv: `admissionNo,guardian1Name\n${fx.ug.admissionNo},Lakshmi` }),
  },
  'messages.contactsImportCommit': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, csv: `admissionNo,guardian1Name\n${fx.ug.admissionNo},Lakshmi` }),
  },
  'messages.outbox': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  'messages.byId': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'messages.retry': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'messages.cancel': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'messages.sendReceiptAgain': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, receiptNumber: fx.ug.receiptNumber }),
  },
  'messages.templates': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  'messages.saveTemplate': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, ...template }) },
  'messages.resetTemplate': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, event: 'reminder_on', channel: 'sms' }),
  },
  'messages.previewTemplate': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, ...template }) },
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
  'messages.reminders.rules': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
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
  'messages.reminders.preview': { access: 'department', input: run },
  'messages.reminders.queue': { access: 'department', input: run },
  'messages.receiptChat': { access: 'department', input: (fx) => ({ number: fx.ug.receiptNumber }) },
  'messages.statementChat': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }),
  },
};
