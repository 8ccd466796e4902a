import { REPORT_ROW_LIMIT_MAX, refundLabel, paiseToRupeesText as rupees } from '@fees/validation';
import { z } from 'zod';
import { route, wireOnly } from '../route';
import { ZIsoDate, ZRupees } from '../wire';

/** The old clients read whole lists: the adapter asks the reports for every row, not a screenful. */
const ALL_ROWS = () => ({ limit: REPORT_ROW_LIMIT_MAX });

/** The course reports' filter: depId, courseId, course (name, not needed), sTex. */
const COURSE_FILTER = {
  depId: 'depId',
  courseId: 'courseId',
  course: wireOnly('string', 'The course name; not needed'),
  sTex: 'text',
} as const;

/** A course report's student, as studentRows gives it. */
const ZCourseStudent = z.object({
  batchId: z.int(),
  batch: z.string(),
  name: z.string(),
  admNo: z.string(),
  capId: z.string(),
});

/** The course reports' student rows, flattened out of their batches with the student fields the old clients read. */
function studentRows<Row extends { name: string; admissionNo: string; capId: string }, Money>(
  batches: Array<{ batchId: number; batchName: string; rows: Row[] }>,
  money: (row: Row) => Money,
) {
  return batches.flatMap((b) =>
    b.rows.map((row) => ({
      batchId: b.batchId,
      batch: b.batchName,
      name: row.name,
      admNo: row.admissionNo,
      capId: row.capId,
      ...money(row),
    })),
  );
}

export const reportRoutes = [
  route({
    method: 'GET',
    path: '/inv/rcptbydt',
    procedure: 'reports.receiptsBetweenDates',
    summary: "A department's live receipts dated dtFrom to dtTo (both included)",
    access: 'read',
    request: { dtFrom: 'from', dtTo: 'to', depId: 'depId' },
    input: ALL_ROWS,
    response: z.array(
      z.object({
        inv_date: ZIsoDate,
        invoice_no: z.int(),
        student_name: z.string(),
        adm_no: z.string(),
        batch: z.string(),
        cours_desc: z.string(),
        total_amt: ZRupees,
      }),
    ),
    output: (r) =>
      r.rows.map((row) => ({
        inv_date: row.date,
        invoice_no: row.number,
        student_name: row.studentName,
        adm_no: row.admissionNo,
        batch: row.batchName,
        cours_desc: row.courseName,
        total_amt: rupees(row.netPaise),
      })),
  }),
  route({
    method: 'GET',
    path: '/rpt/rcptfee',
    procedure: 'receipts.byNumber',
    summary: "A receipt's fee lines (the fee receipt report's magnifier)",
    access: 'lookup',
    request: { invNo: 'number' },
    response: z.array(
      z.object({ adm_no: z.string(), fee_type: z.string(), description: z.string(), fee_amt: ZRupees }),
    ),
    output: ({ receipt, lines }) =>
      lines.map((l) => ({
        adm_no: receipt.admissionNo,
        fee_type: l.feeHead,
        description: l.particulars,
        fee_amt: rupees(l.amountPaise),
      })),
  }),
  route({
    method: 'GET',
    path: '/inv/duesbyid',
    procedure: 'reports.dues',
    summary: 'Students of a course (subId) with a balance: fee, discount, paid, balance',
    access: 'read',
    request: {
      depId: 'depId',
      subId: 'courseId',
      includeSettled: wireOnly('boolean', 'Also list students without a balance'),
    },
    input: (f) => ({
      ...ALL_ROWS(),
      includeSettled:
        f.includeSettled === undefined ? undefined : ['true', '1', true].includes(f.includeSettled as string),
    }),
    response: z.array(
      ZCourseStudent.extend({
        total_fee_amount: ZRupees,
        total_discount: ZRupees,
        total_paid_amount: ZRupees,
        balance: ZRupees,
      }),
    ),
    output: (r) =>
      studentRows(r.batches, (row) => ({
        total_fee_amount: rupees(row.feePaise),
        total_discount: rupees(row.discountPaise),
        total_paid_amount: rupees(row.paidPaise),
        balance: rupees(row.balancePaise),
      })),
  }),
  route({
    method: 'POST',
    path: '/rpt/invoice',
    procedure: 'reports.feeReceipts',
    summary: 'Live receipts of a course, by batch (sTex narrows to a name, admission no or receipt no)',
    access: 'read',
    request: COURSE_FILTER,
    input: ALL_ROWS,
    response: z.array(
      z.object({
        invoice_no: z.int(),
        adm_no: z.string(),
        batch: z.string(),
        inv_date: ZIsoDate,
        student_name: z.string(),
        address: z.string(),
        inv_total: ZRupees,
      }),
    ),
    output: (r) =>
      r.batches.flatMap((b) =>
        b.rows.map((row) => ({
          invoice_no: row.number,
          adm_no: row.admissionNo,
          batch: b.batchName,
          inv_date: row.date,
          student_name: row.studentName,
          address: row.address,
          inv_total: rupees(row.netPaise),
        })),
      ),
  }),
  route({
    method: 'POST',
    path: '/rpt/finfo',
    procedure: 'reports.studentFeeInfo',
    summary: 'Students of a course with total fee, discount and final fee',
    access: 'lookup',
    request: COURSE_FILTER,
    input: ALL_ROWS,
    response: z.array(
      ZCourseStudent.extend({ total_fee_amount: ZRupees, total_discount: ZRupees, final_fee_amount: ZRupees }),
    ),
    output: (r) =>
      studentRows(r.batches, (row) => ({
        total_fee_amount: rupees(row.feePaise),
        total_discount: rupees(row.discountPaise),
        final_fee_amount: rupees(row.finalFeePaise),
      })),
  }),
  route({
    method: 'GET',
    path: '/v2/daybook',
    procedure: 'reports.dayBook',
    summary:
      "The cashier's day book: a day's live receipts by the staff account that took them, " +
      'net amounts by payment mode, the receipts of that date voided and who voided them, ' +
      'the refunds paid out (voucher R + number), and the cash to hand over: cash received - cash refunded ' +
      '(an admin or auditor may leave depId out for every department; a cashier sees only the receipts it took). ' +
      "closed is true once the department's day is closed " +
      "(without depId: every department's), closedBy who closed it",
    access: 'lookup',
    request: { depId: 'depId', date: 'date' },
    response: z.object({
      date: ZIsoDate,
      closed: z.boolean(),
      closedBy: z.string().nullable(),
      byUser: z.array(
        z.object({
          email: z.string().nullable(),
          receipts: z.int(),
          total: ZRupees,
          byMode: z.object({
            cash: ZRupees,
            upi: ZRupees,
            cheque: ZRupees,
            bank: ZRupees,
            card: ZRupees,
            online: ZRupees,
            advance: ZRupees,
          }),
        }),
      ),
      voided: z.array(z.object({ invoiceNo: z.int(), amount: ZRupees, voidedBy: z.string().nullable() })),
      refunds: z.array(z.object({ voucherNo: z.string(), admNo: z.string(), amount: ZRupees, mode: z.string() })),
      cashToHandOver: ZRupees,
    }),
    output: (book) => ({
      date: book.date,
      closed: book.closed,
      closedBy: book.closedBy,
      byUser: book.byUser.map((u) => ({
        email: u.email,
        receipts: u.receipts,
        total: rupees(u.totalPaise),
        byMode: {
          cash: rupees(u.byModePaise.cash),
          upi: rupees(u.byModePaise.upi),
          cheque: rupees(u.byModePaise.cheque),
          bank: rupees(u.byModePaise.bank),
          card: rupees(u.byModePaise.card),
          online: rupees(u.byModePaise.online),
          advance: rupees(u.byModePaise.advance),
        },
      })),
      voided: book.voided.map((v) => ({ invoiceNo: v.number, amount: rupees(v.netPaise), voidedBy: v.voidedByEmail })),
      refunds: book.refunds.map((f) => ({
        voucherNo: refundLabel(f.number),
        admNo: f.admissionNo,
        amount: rupees(f.amountPaise),
        mode: f.paymentMode,
      })),
      cashToHandOver: rupees(book.cashToHandOverPaise),
    }),
  }),
];
