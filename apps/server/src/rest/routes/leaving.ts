import { paiseToRupeesText as rupees } from '@fees/validation';
import { z } from 'zod';
import { route } from '../route';
import { ZIsoDate, ZRupees } from '../wire';

/** A student who leaves, for other programs (an admissions system issuing the transfer certificate). */
export const leavingRoutes = [
  route({
    method: 'POST',
    path: '/v2/students/leave',
    procedure: 'leaving.leave',
    summary:
      'Marks a student as left on a date (not before the enrolment started, not after today) with a reason: no ' +
      'instalment due after the date is owed, what fell due stays due. Answers what the student still owes (fees ' +
      'and fines), recorded with the leaving; unpaid dues never refuse it',
    access: 'write',
    request: { depId: 'depId', admNo: 'admNo', date: 'date', reason: 'reason' },
    response: z.object({ admNo: z.string(), date: ZIsoDate, dues: ZRupees, fine: ZRupees, total: ZRupees }),
    output: (r) => ({
      admNo: r.admNo,
      date: r.date,
      dues: rupees(r.feesPaise),
      fine: rupees(r.finePaise),
      total: rupees(r.totalPaise),
    }),
  }),
];
