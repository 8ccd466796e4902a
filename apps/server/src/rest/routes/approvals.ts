import { APPROVAL_OPERATIONS, APPROVAL_STATUSES, paiseToRupeesText as rupees } from '@fees/validation';
import { z } from 'zod';
import { route } from '../route';
import { ZRupees } from '../wire';

const ZDecision = z.object({ id: z.int(), status: z.enum(['approved', 'rejected']), message: z.string() });

/** Maker and checker for other programs: which operations wait for a second person, and the requests. */
export const approvalRoutes = [
  route({
    method: 'PUT',
    path: '/v2/settings/approvals',
    procedure: 'approvals.settings.update',
    summary:
      'Which operations need a second person when a non-admin makes them: void (a receipt), refund, waiver ' +
      '(of a fine), reopenDay, backdated (a receipt dated before the back-dating limit), each true or false, ' +
      'and discountAbovePaise (a discount or concession above this many paise; null: never). All are sent.',
    access: 'admin',
    request: {
      void: 'void',
      refund: 'refund',
      waiver: 'waiver',
      reopenDay: 'reopenDay',
      backdated: 'backdated',
      discountAbovePaise: 'discountAbovePaise',
    },
    response: z.object({
      void: z.boolean(),
      refund: z.boolean(),
      waiver: z.boolean(),
      reopenDay: z.boolean(),
      backdated: z.boolean(),
      discountAbovePaise: z.int().nullable(),
    }),
    output: (s) => s,
  }),
  route({
    method: 'GET',
    path: '/v2/approvals',
    procedure: 'approvals.list',
    summary:
      "A department's approval requests, newest first (at most 200): what each changes, why, who asked and " +
      'when, and its decision; status pending, decided, approved or rejected (all when left out)',
    access: 'read',
    request: { depId: 'depId', status: 'status' },
    response: z.array(
      z.object({
        id: z.int(),
        operation: z.enum(APPROVAL_OPERATIONS),
        what: z.string(),
        invoiceNo: z.int().nullable(),
        admNo: z.string().nullable(),
        studentName: z.string().nullable(),
        amount: ZRupees.nullable(),
        reason: z.string(),
        status: z.enum(APPROVAL_STATUSES),
        requestedBy: z.string().nullable(),
        requestedAt: z.string(),
        decidedBy: z.string().nullable(),
        decidedAt: z.string().nullable(),
        decisionReason: z.string().nullable(),
      }),
    ),
    output: (rows) =>
      rows.map((r) => ({
        id: r.id,
        operation: r.operation,
        what: r.summary.what,
        invoiceNo: r.summary.receiptNumber,
        admNo: r.summary.admissionNo,
        studentName: r.summary.studentName,
        amount: r.summary.amountPaise === null ? null : rupees(r.summary.amountPaise),
        reason: r.reason,
        status: r.status,
        requestedBy: r.requestedByEmail,
        requestedAt: r.requestedAt,
        decidedBy: r.decidedByEmail,
        decidedAt: r.decidedAt,
        decisionReason: r.decisionReason,
      })),
  }),
  route({
    method: 'POST',
    path: '/v2/approvals/:id/approve',
    procedure: 'approvals.approve',
    summary:
      'Approves a pending request: the change it asks for is made now. Refused (403) to the person who asked ' +
      'and outside the department, (409) when the record changed since the request or it was already decided',
    access: 'write',
    request: { id: 'id' },
    response: ZDecision,
    output: (r) => r,
  }),
  route({
    method: 'POST',
    path: '/v2/approvals/:id/reject',
    procedure: 'approvals.reject',
    summary: 'Rejects a pending request with a reason; the record stays as it is',
    access: 'write',
    request: { id: 'id', reason: 'reason' },
    response: ZDecision,
    output: (r) => r,
  }),
];
