import { LEGACY_REST_VOID_REASON, paiseToRupeesText as rupees } from '@fees/validation';
import { type AppCaller, route, type WireFields, wireOnly } from '../route';
import { departmentOfBatch, studentOf } from './shared';

/** The submitted receipt (spec section 3): header, items, totals and the confirm flag. */
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
  items: wireOnly('array', 'Lines: fname (head name, not needed), feeId (the fee head), particulars, price (rupees), batch, adm_no (not needed)', true),
  ftotal: 'total',
  ftax: 'tax',
  fnet: 'net',
  confirm: 'confirm',
  paymentMode: 'paymentMode',
  paymentReference: 'paymentReference',
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

/** The spec's Receipt master. */
const RECEIPT_MASTER = {
  invoice_no: 'integer',
  inv_date: 'date',
  depId: 'integer',
  dep_name: 'string',
  courseId: 'integer',
  cours_desc: 'string',
  adm_no: 'string',
  batch: 'string',
  student_name: 'string',
  address: 'string',
  phone: 'string?',
  email: 'string?',
  total_amt: 'money',
  tax_amt: 'money',
  net_amt: 'money',
  status: 'string',
} as const;

export const receiptRoutes = [
  route({
    method: 'POST',
    path: '/inv/register',
    procedure: 'receipts.create',
    summary: 'Issues a receipt; invoice is its number',
    access: 'department',
    request: RECEIPT_PAYLOAD,
    input: receiptFields,
    errorNames: RECEIPT_ERRORS,
    response: { message: 'string', invoice: 'integer' },
    output: (r) => ({ message: 'Receipt saved', invoice: r.number, total_amt: rupees(r.totalPaise), tax_amt: rupees(r.taxPaise), net_amt: rupees(r.netPaise) }),
  }),
  route({
    method: 'GET',
    path: '/inv/master',
    procedure: 'receipts.byNumber',
    summary: "A receipt's master row",
    access: 'department',
    request: { invNo: 'number' },
    response: { Result: [RECEIPT_MASTER] },
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
    access: 'department',
    request: { invNo: 'number' },
    response: [{ fee_id: 'integer', fee_type: 'string', description: 'string', fee_amt: 'money', batch: 'string' }],
    output: ({ receipt, lines }) =>
      lines.map((l) => ({ fee_id: l.feeHeadId, fee_type: l.feeHead, description: l.particulars, fee_amt: rupees(l.amountPaise), batch: receipt.batchName })),
  }),
  route({
    method: 'PUT',
    path: '/inv/edit',
    procedure: 'receipts.update',
    summary: 'Edits a receipt (invoice is its number)',
    access: 'department',
    request: { invoice: 'number', ...RECEIPT_PAYLOAD },
    input: receiptFields,
    errorNames: RECEIPT_ERRORS,
    response: { message: 'string' },
    output: (r) => ({ message: 'Receipt updated', invoice: r.number }),
  }),
  route({
    method: 'DELETE',
    path: '/inv/del',
    procedure: 'receipts.void',
    summary: 'Deletes (voids) a receipt: it keeps its number and counts nowhere',
    note: `The procedure asks why; this path has no reason field, so its voids record "${LEGACY_REST_VOID_REASON}" as the reason.`,
    access: 'department',
    request: { invNo: 'number' },
    input: () => ({ reason: LEGACY_REST_VOID_REASON }),
    response: { message: 'string', invoice: 'integer' },
    output: (r) => ({ message: r.message, invoice: r.number }),
  }),
  route({
    method: 'GET',
    path: '/inv/blsbyid',
    procedure: 'receipts.feeInfo',
    summary: "A student's balance per fee head of their batch",
    access: 'department',
    request: { batch_id: wireOnly('integer', "The student's batch", true), adm_no: wireOnly('string', 'The admission number', true) },
    input: async (f, caller) => {
      const depId = await departmentOfBatch(caller, f.batch_id);
      const student = await studentOf(caller, depId, f.adm_no);
      // The documented pair names the student by batch and admission number: both must agree.
      return { depId, studentId: student && String(student.batchId) === String(f.batch_id) ? student.id : undefined };
    },
    errorNames: { depId: 'batch_id', studentId: 'adm_no' },
    response: [{ fee_id: 'integer', fee_head: 'string', fee_amount: 'money', total_discount: 'money', total_payment: 'money', total_balance: 'money' }],
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
