import { DEPARTMENTS, paiseToRupeesText } from '@fees/validation';
import { z } from 'zod';
import { route } from '../route';
import { ZRupees } from '../wire';

/** The six admissions paths, each bound to its department. */
const ADMISSIONS_PATHS = {
  100: '/home/ugdata',
  101: '/home/pgdata',
  102: '/home/hicdata',
  103: '/home/ttcdata',
  104: '/home/bedData',
  105: '/home/emsdata',
} as const;

export const homeRoutes = [
  route({
    method: 'GET',
    path: '/home/dayamt',
    procedure: 'students.dashboard',
    summary: "Today's total of the department's live receipts",
    access: 'read',
    request: { depId: 'depId' },
    response: z.object({ Result: z.array(z.object({ total_amount: ZRupees })) }),
    output: (r) => ({ Result: [{ total_amount: paiseToRupeesText(r.todayTotalPaise) }] }),
  }),
  ...DEPARTMENTS.map((d) =>
    route({
      method: 'GET',
      path: ADMISSIONS_PATHS[d.id],
      procedure: 'students.dashboard',
      summary: `Admissions per course of ${d.name}`,
      access: 'read',
      input: () => ({ depId: d.id }),
      response: z.array(z.object({ custom_course: z.string(), total_admissions: z.int() })),
      output: (r) => r.admissions.map((a) => ({ custom_course: a.course, total_admissions: a.totalAdmissions })),
    }),
  ),
];
