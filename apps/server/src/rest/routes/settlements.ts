import { SETTLEMENT_LINE_STATES } from '@fees/money';
import { z } from 'zod';
import { route } from '../route';

const ZSettlement = z.object({
  settlementId: z.string(),
  utr: z.string().describe('The bank transfer reference of the net credited'),
  settledOn: z.string().describe('yyyy-MM-dd (India)'),
  grossPaise: z.int(),
  feePaise: z.int().describe("The gateway's fee, without GST"),
  taxPaise: z.int().describe('The GST on the fee'),
  netPaise: z.int().describe('What reached the bank account: gross - fee - tax'),
  lines: z.array(
    z.object({
      entityId: z.string(),
      type: z.string(),
      paymentId: z.string().nullable(),
      amountPaise: z.int(),
      netPaise: z.int(),
      state: z.enum(SETTLEMENT_LINE_STATES),
      receiptNumber: z.int().nullable(),
    }),
  ),
});

const ZException = z.object({
  kind: z.enum(['no_receipt', 'amount_differs', 'not_settled']),
  paymentId: z.string(),
  amountPaise: z.int(),
  date: z.string(),
  receiptNumber: z.int().nullable(),
  happened: z.string(),
});

/** The gateway's settlements for other programs: read for a period, and fetched from the gateway. */
export const settlementRoutes = [
  route({
    method: 'GET',
    path: '/v2/settlements',
    procedure: 'settlements.list',
    summary:
      "The gateway's settlements made from..to (gross, fee, GST on it, net and UTR), each line's receipt and state, " +
      'and the exceptions: a settled payment with no receipt or another amount, an online receipt not settled in 3 ' +
      'working days',
    access: 'write',
    request: { from: 'from', to: 'to' },
    response: z.object({ settlements: z.array(ZSettlement), exceptions: z.array(ZException) }),
    output: (view) => ({
      settlements: view.settlements.map((s) => ({
        settlementId: s.settlementId,
        utr: s.utr,
        settledOn: s.settledOn,
        grossPaise: s.grossPaise,
        feePaise: s.feePaise,
        taxPaise: s.taxPaise,
        netPaise: s.netPaise,
        lines: s.lines.map((l) => ({
          entityId: l.entityId,
          type: l.type,
          paymentId: l.paymentId,
          amountPaise: l.amountPaise,
          netPaise: l.netPaise,
          state: l.state,
          receiptNumber: l.receipt?.number ?? null,
        })),
      })),
      exceptions: view.exceptions.map((e) => ({
        kind: e.kind,
        paymentId: e.paymentId,
        amountPaise: e.amountPaise,
        date: e.date,
        receiptNumber: e.receiptNumber,
        happened: e.happened,
      })),
    }),
  }),
  route({
    method: 'POST',
    path: '/v2/settlements/fetch',
    procedure: 'settlements.fetch',
    summary:
      'Asks the gateway for the settlements of each day from..to (31 days at most) and keeps the lines not kept yet: ' +
      'fetching a period twice adds nothing. The gateway down: 503 and nothing saved',
    access: 'write',
    request: { from: 'from', to: 'to' },
    response: z.object({
      lines: z.int(),
      added: z.int(),
      alreadyKept: z.int(),
      settlements: z.int(),
    }),
    output: (r) => ({ lines: r.lines, added: r.added, alreadyKept: r.alreadyKept, settlements: r.settlements }),
  }),
];
