import { PAYMENT_LINK_STATUS_NAMES } from '@fees/validation';
import { z } from 'zod';
import { route } from '../route';

const ZLink = z.object({
  id: z.int(),
  url: z.string(),
  amountPaise: z.int(),
  status: z.enum(PAYMENT_LINK_STATUS_NAMES),
  expiresAt: z.string().describe('ISO instant after which the gateway refuses payment'),
});

const linkOf = (link: { id: number; url: string; amountPaise: number; status: string; expiresAt: string }) => ({
  id: link.id,
  url: link.url,
  amountPaise: link.amountPaise,
  status: link.status as (typeof PAYMENT_LINK_STATUS_NAMES)[number],
  expiresAt: link.expiresAt,
});

/** Payment links for other programs: made at the gateway for a student, listed, and asked of the gateway now. */
export const paymentRoutes = [
  route({
    method: 'POST',
    path: '/v2/payment-links',
    procedure: 'payments.createLink',
    summary:
      'A payment link at the gateway (Razorpay) for a student: the dues as of today, or amount (rupees) ' +
      'no larger than what the student has open; it expires in 7 days. The gateway down: 503 and nothing saved',
    access: 'write',
    request: { depId: 'depId', admNo: 'admissionNo', amount: 'amount' },
    errorNames: { admissionNo: 'admNo' },
    response: ZLink,
    output: linkOf,
  }),
  route({
    method: 'GET',
    path: '/v2/payment-links',
    procedure: 'payments.links',
    summary: "A department's payment links, newest first, by status and admission number",
    access: 'read',
    request: { depId: 'depId', status: 'status', admNo: 'admissionNo' },
    errorNames: { admissionNo: 'admNo' },
    response: z.array(ZLink),
    output: (links) => links.map(linkOf),
  }),
  route({
    method: 'POST',
    path: '/v2/payment-links/refresh',
    procedure: 'payments.refresh',
    summary:
      "The department's open links asked of the gateway now (what the links screen's Refresh does): payments " +
      'found become receipts; says how many links were checked and what they brought',
    access: 'write',
    request: { depId: 'depId' },
    response: z.object({
      checked: z.int(),
      receipts: z.int(),
      exceptions: z.int(),
      failed: z.int(),
      errors: z.array(z.string()),
    }),
    output: (r) => r,
  }),
];
