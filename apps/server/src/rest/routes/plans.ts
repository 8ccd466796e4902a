import { paiseToRupeesText as rupees } from '@fees/validation';
import type { FineRule, InstalmentDues } from '@fees/money';
import { z } from 'zod';
import { route, wireOnly } from '../route';
import { ZIsoDate, ZRupees } from '../wire';
import { departmentOfBatch, studentIdOf } from './shared';

const ZFineRule = z.object({
  type: z.string(),
  graceDays: z.int(),
  amount: ZRupees.nullable(),
  perDay: ZRupees.nullable(),
  cap: ZRupees.nullable(),
  percent: z.string().nullable(),
});

/**
 * A fine rule on the wire: amounts as rupees text, the percent with 2 decimals ("2.50"); fields of other types null.
 */
function fineRuleWire(rule: FineRule) {
  return {
    type: rule.type,
    graceDays: rule.type === 'none' ? 0 : rule.graceDays,
    amount: rule.type === 'fixed' ? rupees(rule.amountPaise) : null,
    perDay: rule.type === 'per_day' ? rupees(rule.perDayPaise) : null,
    cap: rule.type === 'per_day' ? rupees(rule.capPaise) : null,
    percent: rule.type === 'percent' ? rupees(rule.percentBasisPoints) : null,
  };
}

const instalmentDuesWire = (i: InstalmentDues) => ({
  id: i.id,
  name: i.name,
  dueDate: i.dueDate,
  due: rupees(i.due),
  concession: rupees(i.concession),
  paid: rupees(i.paid),
  outstanding: rupees(i.outstanding),
  daysLate: i.daysLate,
  fine: rupees(i.fine),
});

/** Read paths for other programs (the SMS gateway, the accountant's tools) */
export const planRoutes = [
  route({
    method: 'GET',
    path: '/v2/plans',
    procedure: 'plans.byBatch',
    summary:
      "A batch's instalment plan with each instalment's effective fine rule " +
      '(a batch without a plan: its virtual instalments, rule none)',
    access: 'read',
    request: { batchId: 'batchId' },
    input: async (f, caller) => ({ depId: await departmentOfBatch(caller, f.batchId) }),
    response: z.object({
      batchId: z.int(),
      fineRule: ZFineRule,
      instalments: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          dueDate: ZIsoDate,
          fineRule: ZFineRule,
          heads: z.array(z.object({ feeId: z.int(), feeHead: z.string(), amount: ZRupees })),
        }),
      ),
    }),
    output: (plan) => {
      const names = new Map(plan.heads.map((h) => [h.feeHeadId, h.feeHead]));
      return {
        batchId: plan.batchId,
        fineRule: fineRuleWire(plan.fineRule),
        instalments: plan.instalments.map((i) => ({
          id: i.id,
          name: i.name,
          dueDate: i.dueDate,
          fineRule: fineRuleWire(i.fineRule ?? plan.fineRule),
          heads: i.amounts.map((a) => ({
            feeId: a.feeHeadId,
            feeHead: names.get(a.feeHeadId) ?? '',
            amount: rupees(a.amountPaise),
          })),
        })),
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v2/dues',
    procedure: 'plans.dues',
    summary:
      'Per student, the instalments due on or before asOf with their fines, ' +
      "the student's advance (credit) and apart from what the student owes, the sponsors' share; " +
      'a department, course, batch or one admission number',
    access: 'read',
    request: {
      depId: 'depId',
      asOf: 'asOf',
      courseId: 'courseId',
      batchId: 'batchId',
      admNo: wireOnly('string', 'Admission number of one student (in depId)'),
    },
    input: async (f, caller) => ({ studentId: await studentIdOf(caller, f.depId, f.admNo) }),
    errorNames: { studentId: 'admNo' },
    response: z.object({
      asOf: ZIsoDate,
      students: z.array(
        z.object({
          admNo: z.string(),
          name: z.string(),
          batchId: z.int(),
          instalments: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              dueDate: ZIsoDate,
              due: ZRupees,
              concession: ZRupees,
              paid: ZRupees,
              outstanding: ZRupees,
              daysLate: z.int(),
              fine: ZRupees,
            }),
          ),
          fine: z.object({ accrued: ZRupees, paid: ZRupees, waived: ZRupees, outstanding: ZRupees }),
          outstanding: ZRupees,
          toCollect: ZRupees,
          advance: ZRupees,
          sponsorShare: ZRupees,
          sponsors: z.array(z.object({ sponsorId: z.int(), sponsor: z.string(), amount: ZRupees })),
        }),
      ),
    }),
    output: (r) => ({
      asOf: r.asOf,
      students: r.students.map((s) => ({
        admNo: s.admissionNo,
        name: s.name,
        batchId: s.batchId,
        instalments: s.instalments.map(instalmentDuesWire),
        fine: {
          accrued: rupees(s.fine.accrued),
          paid: rupees(s.fine.paid),
          waived: rupees(s.fine.waived),
          outstanding: rupees(s.fine.outstanding),
        },
        outstanding: rupees(s.outstanding),
        toCollect: rupees(s.toCollect),
        advance: rupees(s.advance),
        sponsorShare: rupees(s.sponsored.reduce((t, p) => t + p.amountPaise, 0)),
        sponsors: s.sponsored.map((p) => ({
          sponsorId: p.sponsorId,
          sponsor: p.sponsor,
          amount: rupees(p.amountPaise),
        })),
      })),
    }),
  }),
];
