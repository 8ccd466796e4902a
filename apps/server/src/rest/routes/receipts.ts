import {
  isSentForApproval,
  LEGACY_REST_BACKDATED_REASON,
  LEGACY_REST_VOID_REASON,
  paiseToRupeesText as rupees,
} from '@fees/validation';
import { z } from 'zod';
import { type AppCaller, route, type WireFields, wireOnly } from '../route';
import { ZIsoDate, ZRupees } from '../wire';
import { departmentOfBatch, studentOf } from './shared';

/** The submitted receipt: header, items, totals and the confirm flag. */
const RECEIPT_PAYLOAD = {
  courseId: wireOnly('integer', 'The course; not needed: the student names it'),
  depId: 'depId',
  course: wireOnly('string', 'The course name; not needed'),
  admno: wireOnly('string', 'Admission number of the student (in depId)', true),
  sname: wireOnly('string', "The student's name; not needed: admno names the student"),
  batch: wireOnly('string', "The batch; not needed: the student's batch is used"),
  date: 'date',
  address: wireOnly('string', "Not needed: the student's address is printed"),
  phone: 'phone',
  email: 'email',
  items: wireOnly(
    'array',
    'Lines: fname (head name, not needed), feeId (the fee head), particulars, ' +
      'price (rupees), batch, adm_no (not needed)',
    true,
  ),
  ftotal: 'total',
  ftax: 'tax',
  fnet: 'net',
  confirm: 'confirm',
  paymentMode: 'paymentMode',
  paymentReference: 'paymentReference',
  bank: 'bank',
  instrumentNo: 'instrumentNo',
  instrumentDate: 'instrumentDate',
  allowOverpayment: 'allowOverpayment',
} as const;

const RECEIPT_ERRORS = { studentId: 'admno', feeHeadId: 'feeId', amount: 'price' };

function itemsOf(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) => {
    if (typeof item !== 'object' || item === null) return item;
    const { feeId, particulars, price } = item as Record<string, unknown>;
    return { feeHeadId: feeId, particulars, amount: price };
  });
}

async function receiptFields(f: WireFields, caller: AppCaller) {
  const student = await studentOf(caller, f.depId, f.admno);
  return { studentId: student?.id, items: itemsOf(f.items), paymentMode: f.paymentMode ?? 'cash' };
}

/** A new receipt's fields; one that must wait for approval says why, in the legacy client's silence too. */
async function newReceiptFields(f: WireFields, caller: AppCaller) {
  return { ...(await receiptFields(f, caller)), backdatedReason: f.reason ?? LEGACY_REST_BACKDATED_REASON };
}

/** The spec's Receipt master. */
const ZReceiptMaster = z.object({
  invoice_no: z.int(),
  inv_date: ZIsoDate,
  depId: z.int(),
  dep_name: z.string(),
  courseId: z.int(),
  cours_desc: z.string(),
  adm_no: z.string(),
  batch: z.string(),
  student_name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  total_amt: ZRupees,
  tax_amt: ZRupees,
  net_amt: ZRupees,
  status: z.string(),
});

export const receiptRoutes = [
  route({
    method: 'POST',
    path: '/inv/register',
    procedure: 'receipts.createBackdated',
    summary: 'Issues a receipt; invoice is its number',
    note:
      'A date before the back-dating limit, by anyone but an administrator, is refused; while back-dated ' +
      'receipts need a second person it is a request instead: 202 with requestId, no number until approved. ' +
      `Its reason says why (without one: "${LEGACY_REST_BACKDATED_REASON}").`,
    access: 'collect',
    idempotent: true,
    request: {
      ...RECEIPT_PAYLOAD,
      reason: wireOnly('string', 'Why the receipt is dated before the back-dating limit, when it must wait'),
    },
    input: newReceiptFields,
    errorNames: { ...RECEIPT_ERRORS, backdatedReason: 'reason' },
    response: z.union([
      z.object({
        message: z.string(),
        invoice: z.int(),
        total_amt: ZRupees,
        tax_amt: ZRupees,
        net_amt: ZRupees,
      }),
      z.object({ message: z.string(), requestId: z.int().describe('The approval request the receipt became') }),
    ]),
    status: (r) => (isSentForApproval(r) ? 202 : 200),
    output: (r) =>
      isSentForApproval(r)
        ? { message: r.message, requestId: r.requestId }
        : {
            message: 'Receipt saved',
            invoice: r.number,
            total_amt: rupees(r.totalPaise),
            tax_amt: rupees(r.taxPaise),
            net_amt: rupees(r.netPaise),
          },
  }),
  route({
    method: 'GET',
    path: '/inv/master',
    procedure: 'receipts.byNumber',
    summary: "A receipt's master row",
    access: 'lookup',
    request: { invNo: 'number' },
    response: z.object({ Result: z.array(ZReceiptMaster) }),
    output: ({ receipt: r }) => ({
      Result: [
        {
          invoice_no: r.number,
          inv_date: r.date,
          depId: r.departmentId,
          dep_name: r.departmentName,
          courseId: r.courseId,
          cours_desc: r.courseName,
          adm_no: r.admissionNo,
          batch: r.batchName,
          student_name: r.studentName,
          address: r.address,
          phone: r.phone,
          email: r.email,
          total_amt: rupees(r.totalPaise),
          tax_amt: rupees(r.taxPaise),
          net_amt: rupees(r.netPaise),
          status: r.status,
        },
      ],
    }),
  }),
  route({
    method: 'GET',
    path: '/inv/details',
    procedure: 'receipts.byNumber',
    summary: "A receipt's lines",
    access: 'lookup',
    request: { invNo: 'number' },
    response: z.array(
      z.object({ fee_id: z.int(), fee_type: z.string(), description: z.string(), fee_amt: ZRupees, batch: z.string() }),
    ),
    output: ({ receipt, lines }) =>
      lines.map((l) => ({
        fee_id: l.feeHeadId,
        fee_type: l.feeHead,
        description: l.particulars,
        fee_amt: rupees(l.amountPaise),
        batch: receipt.batchName,
      })),
  }),
  route({
    method: 'PUT',
    path: '/inv/edit',
    procedure: 'receipts.update',
    summary: 'Edits a receipt (invoice is its number)',
    access: 'collect',
    request: { invoice: 'number', ...RECEIPT_PAYLOAD },
    input: receiptFields,
    errorNames: RECEIPT_ERRORS,
    response: z.object({ message: z.string(), invoice: z.int() }),
    output: (r) => ({ message: 'Receipt updated', invoice: r.number }),
  }),
  route({
    method: 'DELETE',
    path: '/inv/del',
    procedure: 'receipts.void',
    summary: 'Deletes (voids) a receipt: it keeps its number and counts nowhere',
    note:
      `The procedure asks why; this path has no reason field, ` +
      `so its voids record "${LEGACY_REST_VOID_REASON}" as the reason.`,
    access: 'write',
    request: { invNo: 'number' },
    input: () => ({ reason: LEGACY_REST_VOID_REASON }),
    response: z.object({ message: z.string(), invoice: z.int(), requestId: z.int().optional() }),
    // When voids need a second person, a non-admin's void is a request: 202, the receipt unchanged.
    status: (r) => (isSentForApproval(r) ? 202 : 200),
    output: (r, f) =>
      isSentForApproval(r)
        ? { message: r.message, invoice: Number(f.invNo), requestId: r.requestId }
        : { message: r.message, invoice: r.number },
  }),
  route({
    method: 'GET',
    path: '/inv/blsbyid',
    procedure: 'receipts.feeInfo',
    summary: "A student's balance per fee head of their batch, or of a batch they were promoted out of",
    note:
      "With the student's current batch: the whole fee's balances (last years' unpaid fees included). With a batch " +
      "the student was promoted out of: that enrolment's own heads, payments settling the oldest year first and " +
      'concessions coming off the latest; any other batch answers 404.',
    access: 'lookup',
    request: {
      batch_id: wireOnly('integer', "The student's batch, or one they were promoted out of", true),
      adm_no: wireOnly('string', 'The admission number', true),
    },
    input: async (f, caller) => {
      const depId = await departmentOfBatch(caller, f.batch_id);
      const student = await studentOf(caller, depId, f.adm_no);
      return { depId, studentId: student?.id, batchId: Number(f.batch_id) };
    },
    errorNames: { depId: 'batch_id', studentId: 'adm_no', batchId: 'batch_id' },
    response: z.array(
      z.object({
        fee_id: z.int(),
        fee_head: z.string(),
        fee_amount: ZRupees,
        total_discount: ZRupees,
        total_payment: ZRupees,
        total_balance: ZRupees,
      }),
    ),
    output: (r) =>
      r.rows.map((row) => ({
        fee_id: row.feeHeadId,
        fee_head: row.feeHead,
        fee_amount: rupees(row.feePaise),
        total_discount: rupees(row.totalDiscountPaise),
        total_payment: rupees(row.paidPaise),
        total_balance: rupees(row.balancePaise),
      })),
  }),
];
