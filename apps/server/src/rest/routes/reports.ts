import { REPORT_ROW_LIMIT_MAX, paiseToRupeesText as rupees } from '@fees/validation';
import { route, wireOnly } from '../route';

/** The old clients read whole lists: the adapter asks the reports for every row, not a screenful. */
const ALL_ROWS = () => ({ limit: REPORT_ROW_LIMIT_MAX });

/** The course reports' filter: depId, courseId, course (name, not needed), sTex. */
const COURSE_FILTER = {
  depId: 'depId',
  courseId: 'courseId',
  course: wireOnly('string', 'The course name; not needed'),
  sTex: 'text',
} as const;

/** The course reports' student rows, flattened out of their batches with the student fields the old clients read. */
function studentRows<Row extends { name: string; admissionNo: string; capId: string }, Money>(
  batches: Array<{ batchId: number; batchName: string; rows: Row[] }>,
  money: (row: Row) => Money,
) {
  return batches.flatMap((b) =>
    b.rows.map((row) => ({ batchId: b.batchId, batch: b.batchName, name: row.name, admNo: row.admissionNo, capId: row.capId, ...money(row) })),
  );
}

export const reportRoutes = [
  route({
    method: 'GET',
    path: '/inv/rcptbydt',
    procedure: 'reports.receiptsBetweenDates',
    summary: "A department's live receipts dated dtFrom to dtTo (both included)",
    access: 'department',
    request: { dtFrom: 'from', dtTo: 'to', depId: 'depId' },
    input: ALL_ROWS,
    response: [{ inv_date: 'date', invoice_no: 'integer', student_name: 'string', adm_no: 'string', batch: 'string', cours_desc: 'string', total_amt: 'money' }],
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
    access: 'department',
    request: { invNo: 'number' },
    response: [{ adm_no: 'string', fee_type: 'string', description: 'string', fee_amt: 'money' }],
    output: ({ receipt, lines }) =>
      lines.map((l) => ({ adm_no: receipt.admissionNo, fee_type: l.feeHead, description: l.particulars, fee_amt: rupees(l.amountPaise) })),
  }),
  route({
    method: 'GET',
    path: '/inv/duesbyid',
    procedure: 'reports.dues',
    summary: 'Students of a course (subId) with a balance: fee, discount, paid, balance',
    access: 'department',
    request: { depId: 'depId', subId: 'courseId', includeSettled: wireOnly('boolean', 'Also list students without a balance') },
    input: (f) => ({
      ...ALL_ROWS(),
      includeSettled: f.includeSettled === undefined ? undefined : ['true', '1', true].includes(f.includeSettled as string),
    }),
    response: [
      {
        batchId: 'integer',
        batch: 'string',
        name: 'string',
        admNo: 'string',
        capId: 'string',
        total_fee_amount: 'money',
        total_discount: 'money',
        total_paid_amount: 'money',
        balance: 'money',
      },
    ],
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
    summary: "Live receipts of a course, by batch (sTex narrows to a name, admission no or receipt no)",
    access: 'department',
    request: COURSE_FILTER,
    input: ALL_ROWS,
    response: [{ invoice_no: 'integer', adm_no: 'string', batch: 'string', inv_date: 'date', student_name: 'string', address: 'string', inv_total: 'money' }],
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
    access: 'department',
    request: COURSE_FILTER,
    input: ALL_ROWS,
    response: [
      { batchId: 'integer', batch: 'string', name: 'string', admNo: 'string', capId: 'string', total_fee_amount: 'money', total_discount: 'money', final_fee_amount: 'money' },
    ],
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
      "The cashier's day book: a day's live receipts by the staff account that took them, net amounts by payment mode, the receipts of that date voided and who voided them, and the cash to hand over (an admin may leave depId out for every department). refunds is always empty until refunds exist; closed is false until days can be closed",
    access: 'department',
    request: { depId: 'depId', date: 'date' },
    response: {
      date: 'date',
      closed: 'boolean',
      closedBy: 'string?',
      byUser: [
        {
          email: 'string?',
          receipts: 'integer',
          total: 'money',
          byMode: { cash: 'money', upi: 'money', cheque: 'money', bank: 'money', card: 'money', advance: 'money' },
        },
      ],
      voided: [{ invoiceNo: 'integer', amount: 'money', voidedBy: 'string?' }],
      refunds: [{ voucherNo: 'string', admNo: 'string', amount: 'money', mode: 'string' }],
      cashToHandOver: 'money',
    },
    output: (book) => ({
      date: book.date,
      closed: false,
      closedBy: null,
      byUser: book.byUser.map((u) => ({
        email: u.email,
        receipts: u.receipts,
        total: rupees(u.totalPaise),
        byMode: Object.fromEntries(Object.entries(u.byModePaise).map(([mode, paise]) => [mode, rupees(paise)])),
      })),
      voided: book.voided.map((v) => ({ invoiceNo: v.number, amount: rupees(v.netPaise), voidedBy: v.voidedByEmail })),
      refunds: [],
      cashToHandOver: rupees(book.cashToHandOverPaise),
    }),
  }),
];
