import { isSentForApproval, paiseToRupeesText } from '@fees/validation';
import { z } from 'zod';
import { type AppCaller, route, type WireFields, wireOnly } from '../route';
import { ZResultMessage, ZRupees } from '../wire';
import { confirmed, studentOf, withMessage } from './shared';

/** The spec's Discount. */
const ZDiscount = z.object({
  id: z.int(),
  adm_no: z.string(),
  adm_name: z.string(),
  batch_id: z.int(),
  batch: z.string(),
  course_id: z.int(),
  course_name: z.string(),
  dep_id: z.int(),
  dep_name: z.string(),
  fee_id: z.int(),
  fee_head: z.string(),
  con_amt: ZRupees,
  less_amt: ZRupees,
  remark: z.string().nullable(),
});

function discountOut(d: {
  id: number;
  admissionNo: string;
  studentName: string;
  batchId: number;
  batchName: string;
  courseId: number;
  courseName: string;
  departmentId: number;
  departmentName: string;
  feeHeadId: number;
  feeHeadName: string;
  discountPaise: number;
  adjustmentPaise: number;
  note: string | null;
}) {
  return {
    id: d.id,
    adm_no: d.admissionNo,
    adm_name: d.studentName,
    batch_id: d.batchId,
    batch: d.batchName,
    course_id: d.courseId,
    course_name: d.courseName,
    dep_id: d.departmentId,
    dep_name: d.departmentName,
    fee_id: d.feeHeadId,
    fee_head: d.feeHeadName,
    con_amt: paiseToRupeesText(d.discountPaise),
    less_amt: paiseToRupeesText(d.adjustmentPaise),
    remark: d.note,
  };
}

/** The discount payload: name, depid, subid, feeid, admno, disamt, lessamt, note (and ID on edit). */
const DISCOUNT_PAYLOAD = {
  name: wireOnly('string', "The student's name; not needed: admno names the student"),
  depid: 'depId',
  subid: 'courseId',
  feeid: 'feeHeadId',
  admno: wireOnly('string', 'Admission number of the student (in depid)', true),
  disamt: 'discount',
  lessamt: 'adjustment',
  note: 'note',
  allowNegativeBalance: 'allowNegativeBalance',
} as const;

/** The student and their batch come from the admission number; the procedure checks course and batch agree. */
async function studentFields(f: WireFields, caller: AppCaller) {
  const student = await studentOf(caller, f.depid, f.admno);
  return { studentId: student?.id, batchId: student?.batchId, ...confirmed(f) };
}

const duplicate = (e: { code: string; message: string }) =>
  e.code === 'CONFLICT' ? { Result: 'DUP', Message: e.message } : undefined;

export const discountRoutes = [
  route({
    method: 'POST',
    path: '/api/regndis',
    procedure: 'discounts.create',
    summary: "Records a student's discount and adjustment on a fee head ('DUP' when the student already has one on it)",
    access: 'discount',
    request: DISCOUNT_PAYLOAD,
    input: studentFields,
    errorNames: { studentId: 'admno', batchId: 'admno' },
    response: ZResultMessage.extend({
      id: z.int().optional().describe("The new discount's id; absent on 'DUP' and when it waits for approval"),
      requestId: z.int().optional().describe('The approval request, when the discount waits for one (202)'),
    }),
    // Above the approval threshold, a non-admin's discount is a request: 202, nothing written yet.
    status: (r) => (isSentForApproval(r) ? 202 : 200),
    // 'Sucess' (sic) is the documented wire value for a new discount.
    output: (r) =>
      isSentForApproval(r)
        ? { Result: 'PENDING', Message: r.message, requestId: r.requestId }
        : { Result: 'Sucess', Message: r.Message, id: r.id },
    refusal: duplicate,
    errorFields: withMessage,
  }),
  route({
    method: 'GET',
    path: '/api/getdisc',
    procedure: 'discounts.list',
    summary: "A department's discounts (id is the department)",
    access: 'discount',
    request: { id: 'depId' },
    response: z.array(ZDiscount),
    output: (rows) => rows.map(discountOut),
  }),
  route({
    method: 'GET',
    path: '/api/getdisinfo',
    procedure: 'discounts.byId',
    summary: 'One discount',
    access: 'discount',
    request: { ID: 'id' },
    response: z.object({ Result: z.array(ZDiscount) }),
    output: (d) => ({ Result: [discountOut(d)] }),
  }),
  route({
    method: 'PUT',
    path: '/api/edtdisc',
    procedure: 'discounts.update',
    summary: "Updates a discount ('DUP' when the student already has another on that head)",
    access: 'discount',
    request: { ID: 'id', ...DISCOUNT_PAYLOAD },
    input: studentFields,
    errorNames: { studentId: 'admno', batchId: 'admno' },
    response: ZResultMessage.extend({
      requestId: z.int().optional().describe('The approval request, when the change waits for one (202)'),
    }),
    status: (r) => (isSentForApproval(r) ? 202 : 200),
    output: (r) =>
      isSentForApproval(r)
        ? { Result: 'PENDING', Message: r.message, requestId: r.requestId }
        : { Result: r.Result, Message: r.Message },
    refusal: duplicate,
    errorFields: withMessage,
  }),
];
