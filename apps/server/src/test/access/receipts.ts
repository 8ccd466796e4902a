import { FIXTURE_AMOUNTS } from '../fixture';
import type { AccessRules } from './rule';

/** A valid receipt for the UG fixture student: Exam Fee in full, GST 0. */
const examFee = (FIXTURE_AMOUNTS.exam / 100).toFixed(2);

export const receiptsAccess: AccessRules = {
  'receipts.searchStudents': {
    access: 'lookup',
    input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId, text: '' }),
  },
  'receipts.findStudents': { access: 'lookup', input: (fx) => ({ depId: fx.ug.depId, text: fx.ug.admissionNo }) },
  'receipts.feeInfo': { access: 'lookup', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'receipts.entryContext': {
    access: 'lookup',
    input: (fx) => ({ depId: fx.ug.depId, admissionNo: fx.ug.admissionNo }),
  },
  'receipts.create': {
    access: 'collect',
    input: (fx) => ({
      depId: fx.ug.depId,
      studentId: fx.ug.studentId,
      date: '2025-08-01',
      items: [{ feeHeadId: fx.heads.exam, particulars: 'Semester 1', amount: examFee }],
      paymentMode: 'cash',
      total: examFee,
      tax: '0',
      net: examFee,
      confirm: true,
    }),
  },
  'receipts.createBackdated': {
    access: 'collect',
    input: (fx) => ({
      depId: fx.ug.depId,
      studentId: fx.ug.studentId,
      date: '2025-08-01',
      items: [{ feeHeadId: fx.heads.exam, particulars: 'Semester 1', amount: examFee }],
      paymentMode: 'cash',
      total: examFee,
      tax: '0',
      net: examFee,
      confirm: true,
    }),
  },
  'receipts.byNumber': { access: 'lookup', input: (fx) => ({ number: fx.ug.receiptNumber }) },
  // A cashier corrects only its own receipts on their day: the fixture's receipt is neither.
  'receipts.update': {
    access: 'collect',
    refusedByRule: ['cashier'],
    input: (fx) => ({
      depId: fx.ug.depId,
      number: fx.ug.receiptNumber,
      studentId: fx.ug.studentId,
      date: '2025-07-01',
      items: [{ feeHeadId: fx.heads.tuition, particulars: 'First instalment', amount: '9000' }],
      paymentMode: 'cash',
      total: '9000',
      tax: '0',
      net: '9000',
      confirm: true,
    }),
  },
  'receipts.list': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, from: '2025-01-01', to: '2025-12-31' }),
  },
  'receipts.printDuplicate': { access: 'collect', input: (fx) => ({ number: fx.ug.receiptNumber }) },
  'receipts.void': { access: 'write', input: (fx) => ({ number: fx.ug.receiptNumber, reason: 'Wrong entry' }) },
};
