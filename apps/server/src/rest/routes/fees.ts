import { paiseToRupeesText } from '@fees/validation';
import { z } from 'zod';
import { route, wireOnly } from '../route';
import { ZIsoDate, ZResultMessage, ZRupees } from '../wire';
import { confirmed, departmentOfBatch, withMessage } from './shared';

/** The spec's Fee structure: id, fee_id, fee_head, batch_id, course, beg_date, end_date, fee_amt. */
const ZFeeStructure = z.object({
  id: z.int(),
  fee_id: z.int(),
  fee_head: z.string(),
  batch_id: z.int(),
  batch: z.string(),
  course: z.string(),
  beg_date: ZIsoDate,
  end_date: ZIsoDate,
  fee_amt: ZRupees,
  optional: z.boolean(),
});

function structureOut(s: {
  id: number;
  feeHeadId: number;
  feeHeadName: string;
  batchId: number;
  batchName: string;
  courseName: string;
  startDate: string;
  endDate: string;
  amountPaise: number;
  optional: number;
}) {
  return {
    id: s.id,
    fee_id: s.feeHeadId,
    fee_head: s.feeHeadName,
    batch_id: s.batchId,
    batch: s.batchName,
    course: s.courseName,
    beg_date: s.startDate,
    end_date: s.endDate,
    fee_amt: paiseToRupeesText(s.amountPaise),
    optional: s.optional === 1,
  };
}

/** The fee structure payload: depId, feeId (the fee head), cmbBatch, course, dt1, dt2, fhead (head name), amt. */
const FEE_PAYLOAD = {
  depId: 'depId',
  feeId: 'feeHeadId',
  cmbBatch: 'batchId',
  course: wireOnly('string', 'The course name; not needed: the batch names it'),
  dt1: 'startDate',
  dt2: 'endDate',
  fhead: wireOnly('string', 'The fee head name; not needed: the head is feeId'),
  amt: 'amount',
  allowNegativeBalance: 'allowNegativeBalance',
  optional: 'optional',
  /** Optional: { treatment: 'exempt' | 'taxable', rate: '18', code: '996411' } sets the head's GST for every batch. */
  gst: 'gst',
} as const;

/** A head's GST on the wire: exempt, or taxable with its rate in percent (2 decimals) and SAC or HSN code. */
const ZHeadGst = z.object({
  treatment: z.enum(['exempt', 'taxable']),
  rate: ZRupees.describe('percent with 2 decimals; 0.00 when exempt'),
  code: z.string().nullable().describe('SAC or HSN code; null when exempt or not given'),
});

function headGstOut(h: { gstTreatment: 'exempt' | 'taxable'; gstRateBasisPoints: number; gstCode: string | null }) {
  // Hundredths of a percent print like paise: 1800 -> "18.00".
  return { treatment: h.gstTreatment, rate: paiseToRupeesText(h.gstRateBasisPoints), code: h.gstCode };
}

export const feeRoutes = [
  route({
    method: 'GET',
    path: '/v2/heads',
    procedure: 'fees.heads.list',
    summary: 'Every fee head with its GST treatment (exempt, or taxable with rate and SAC/HSN code), by name',
    access: 'authed',
    response: z.array(z.object({ id: z.int(), name: z.string(), gst: ZHeadGst, batches: z.int(), inUse: z.boolean() })),
    output: (rows) =>
      rows.map((h) => ({ id: h.id, name: h.name, gst: headGstOut(h), batches: h.batchCount, inUse: h.inUse })),
  }),
  route({
    method: 'GET',
    path: '/api/getfh',
    procedure: 'fees.structures.byBatch',
    summary: "A batch's fee heads with their amounts",
    access: 'read',
    request: { batch_id: 'batchId' },
    input: async (f, caller) => ({ depId: await departmentOfBatch(caller, f.batch_id) }),
    errorNames: { depId: 'batch_id' },
    response: z.array(z.object({ fee_id: z.int(), fee_head: z.string(), fee_amt: ZRupees })),
    output: (rows) =>
      rows.map((s) => ({ fee_id: s.feeHeadId, fee_head: s.feeHeadName, fee_amt: paiseToRupeesText(s.amountPaise) })),
  }),
  route({
    method: 'POST',
    path: '/api/regfee',
    procedure: 'fees.structures.create',
    summary: 'Adds a fee head with its amount to a batch',
    access: 'admin',
    request: FEE_PAYLOAD,
    input: confirmed,
    response: ZResultMessage.extend({ id: z.int() }),
    output: (r) => ({ Result: r.Result, Message: r.Message, id: r.id }),
    errorFields: withMessage,
  }),
  route({
    method: 'GET',
    path: '/api/getfedit',
    procedure: 'fees.structures.byId',
    summary: 'One fee structure row',
    access: 'admin',
    request: { id: 'id' },
    response: ZFeeStructure.extend({ depId: z.int(), course_id: z.int() }),
    output: (s) => ({ ...structureOut(s), depId: s.departmentId, course_id: s.courseId }),
  }),
  route({
    method: 'PUT',
    path: '/api/fedit/:id',
    procedure: 'fees.structures.update',
    summary: 'Updates a fee structure row',
    access: 'admin',
    request: { id: 'id', ...FEE_PAYLOAD },
    input: confirmed,
    response: ZResultMessage,
    output: (r) => ({ Result: r.Result, Message: r.Message }),
    errorFields: withMessage,
  }),
  route({
    method: 'GET',
    path: '/api/getfs/:depId',
    procedure: 'fees.structures.list',
    summary: "A department's fee structures",
    access: 'admin',
    request: { depId: 'depId' },
    response: z.array(ZFeeStructure.extend({ course_id: z.int(), batch_total: ZRupees })),
    output: (rows) =>
      rows.map((s) => ({
        ...structureOut(s),
        course_id: s.courseId,
        batch_total: paiseToRupeesText(s.batchTotalPaise),
      })),
  }),
];
