import { z } from 'zod';
import { route } from '../route';

/** Promotion for other programs (a school's year-end run from its admissions system). */
export const promotionRoutes = [
  route({
    method: 'POST',
    path: '/v2/promotions',
    procedure: 'promotions.run',
    summary:
      'Moves the listed students of a batch on to its next batch in one write (promote, keep or leave each); ' +
      'students of the batch left out of the list stay where they are, unpaid balances stay with the old enrolment',
    access: 'write',
    request: {
      depId: 'depId',
      fromBatchId: 'fromBatchId',
      toBatchId: 'toBatchId',
      date: 'date',
      students: 'students',
    },
    response: z.object({
      id: z.int(),
      date: z.string(),
      promoted: z.int(),
      kept: z.int(),
      left: z.int(),
    }),
    output: (r) => r,
  }),
];
