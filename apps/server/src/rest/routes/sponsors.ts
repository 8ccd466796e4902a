import { paiseToRupeesText as rupees, SPONSOR_KINDS } from '@fees/validation';
import { z } from 'zod';
import { type AppCaller, route, type WireFields, wireOnly } from '../route';
import { ZRupees } from '../wire';
import { studentIdOf } from './shared';

/** A sanction list's allocations: each student named by department and admission number, as the other paths do. */
async function allocationsOf(fields: WireFields, caller: AppCaller) {
  const list = Array.isArray(fields.allocations) ? (fields.allocations as WireFields[]) : fields.allocations;
  if (!Array.isArray(list)) return { allocations: list };
  const depId = list[0]?.depId;
  const allocations = await Promise.all(
    list.map(async (a) => ({
      studentId: await studentIdOf(caller, a.depId, a.admNo),
      feeHeadId: a.feeHeadId,
      amount: a.amount,
    })),
  );
  return { depId, allocations };
}

/** Scholarships and sponsors for other programs (a scholarship cell's sanction lists). */
export const sponsorRoutes = [
  route({
    method: 'POST',
    path: '/v2/sponsors',
    procedure: 'sponsors.create',
    summary: 'Adds a sponsor (a scholarship scheme, a government department, a trust)',
    access: 'write',
    request: { name: 'name', kind: 'kind' },
    response: z.object({ id: z.int(), name: z.string(), kind: z.enum(SPONSOR_KINDS) }),
    output: (r) => ({ id: r.id, name: r.name, kind: r.kind }),
  }),
  route({
    method: 'POST',
    path: '/v2/sponsorships',
    procedure: 'sponsors.cover',
    summary:
      "A sponsor's share of one fee head of one student: it leaves the student's dues and is expected from the " +
      'sponsor (at most the fee less discounts and other shares)',
    access: 'write',
    request: {
      sponsorId: 'sponsorId',
      depId: 'depId',
      admNo: wireOnly('string', 'Admission number of the student (in depId)', true),
      feeHeadId: 'feeHeadId',
      amount: 'amount',
    },
    input: async (f, caller) => ({ studentId: await studentIdOf(caller, f.depId, f.admNo) }),
    errorNames: { studentId: 'admNo' },
    response: z.object({ id: z.int(), amount: ZRupees }),
    output: (r) => ({ id: r.id, amount: rupees(r.amountPaise) }),
  }),
  route({
    method: 'POST',
    path: '/v2/sponsor-receipts',
    procedure: 'sponsors.receipt',
    summary:
      'One cheque or transfer from a sponsor allocated across students and heads (each within what is still ' +
      "expected); numbered in the department's own series",
    note: 'Every allocation names a student of the same department (depId).',
    access: 'write',
    idempotent: true,
    request: {
      sponsorId: 'sponsorId',
      date: 'date',
      mode: 'mode',
      reference: 'reference',
      allocations: wireOnly('array', '[{ depId, admNo, feeHeadId, amount }]', true),
    },
    input: allocationsOf,
    response: z.object({ id: z.int(), number: z.int(), amount: ZRupees }),
    output: (r) => ({ id: r.id, number: r.number, amount: rupees(r.amountPaise) }),
  }),
];
