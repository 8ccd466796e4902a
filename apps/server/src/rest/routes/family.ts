import { z } from 'zod';
import { route } from '../route';

/** The family page's link for other programs (to send it by their own means). */
export const familyRoutes = [
  route({
    method: 'POST',
    path: '/v2/family-links',
    procedure: 'family.link',
    summary:
      "The address of a student's family page (dues, receipts, Pay), signed and revocable; needs PUBLIC_URL " +
      '(404 without it). After a revoke, this issues the new link',
    access: 'write',
    request: { depId: 'depId', admNo: 'admissionNo' },
    errorNames: { admissionNo: 'admNo' },
    response: z.object({ url: z.string() }),
    output: (r) => r,
  }),
];
