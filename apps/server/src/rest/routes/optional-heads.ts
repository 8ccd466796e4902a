import { z } from 'zod';
import { route, wireOnly } from '../route';
import { studentIdOf } from './shared';

/** Opt-ins to optional heads for other programs (a transport office's roster). */
export const optionalHeadRoutes = [
  route({
    method: 'POST',
    path: '/v2/optional-heads',
    procedure: 'optionalHeads.optIn',
    summary:
      'Opts one student into an optional head of their batch from a date (until a date): ' +
      'they owe its instalments due in between',
    access: 'write',
    request: {
      depId: 'depId',
      admNo: wireOnly('string', 'Admission number of the student (in depId)', true),
      feeHeadId: 'feeHeadId',
      from: 'from',
      to: 'to',
    },
    input: async (f, caller) => {
      const studentId = await studentIdOf(caller, f.depId, f.admNo);
      return { studentIds: studentId == null ? studentId : [studentId] };
    },
    errorNames: { studentIds: 'admNo' },
    response: z.object({ added: z.int(), ids: z.array(z.int()) }),
    output: (r) => ({ added: r.added, ids: r.ids }),
  }),
];
