import { paiseToRupeesText as rupees, STATEMENT_LINE_STATES } from '@fees/validation';
import { z } from 'zod';
import { route } from '../route';
import { ZIsoDate, ZRupees } from '../wire';

const ZStateTotals = z.object(
  Object.fromEntries(
    [...STATEMENT_LINE_STATES, 'all'].map((s) => [s, z.object({ count: z.int(), amount: ZRupees })]),
  ) as Record<(typeof STATEMENT_LINE_STATES)[number] | 'all', z.ZodObject<{ count: z.ZodInt; amount: typeof ZRupees }>>,
);

/**
 * Bank statements for other programs: upload one (the accountant's tools, a bank's export job) and read where
 * each credit ended.
 */
export const reconciliationRoutes = [
  route({
    method: 'POST',
    path: '/v2/bank-statements',
    procedure: 'reconciliation.import',
    summary:
      "Imports a bank statement file (CSV, XLSX or XLS, base64) of a department's bank account through a column " +
      'mapping (header names); each credit is matched to a receipt or proposed for a student. The same file again ' +
      'answers the statement already there (alreadyImported); credits already in an earlier statement are not added',
    access: 'write',
    request: {
      depId: 'depId',
      bankAccount: 'bankAccount',
      fileName: 'fileName',
      fileBase64: 'fileBase64',
      mapping: 'mapping',
    },
    response: z.object({ statementId: z.int(), alreadyImported: z.boolean(), added: z.int(), repeated: z.int() }),
    output: (result) => result,
  }),
  route({
    method: 'GET',
    path: '/v2/bank-statements',
    procedure: 'reconciliation.statement',
    summary:
      "One statement's credit lines with their state (matched, receipt_created, ignored, unmatched), the receipt " +
      'each is, the student proposed or the reason ignored, and the count and sum per state ' +
      '(they add up to the credits)',
    access: 'read',
    request: { depId: 'depId', statementId: 'statementId' },
    response: z.object({
      statementId: z.int(),
      bankAccount: z.string(),
      fileName: z.string(),
      from: ZIsoDate,
      to: ZIsoDate,
      totals: ZStateTotals,
      lines: z.array(
        z.object({
          id: z.int(),
          row: z.int(),
          date: ZIsoDate,
          narration: z.string(),
          reference: z.string(),
          amount: ZRupees,
          state: z.enum(STATEMENT_LINE_STATES),
          receiptNo: z.int().nullable(),
          proposedAdmNo: z.string().nullable(),
          ignoredReason: z.string().nullable(),
        }),
      ),
    }),
    output: ({ statement, lines, totals }) => ({
      statementId: statement.id,
      bankAccount: statement.bankAccount,
      fileName: statement.fileName,
      from: statement.fromDate,
      to: statement.toDate,
      totals: Object.fromEntries(
        Object.entries(totals).map(([state, t]) => [state, { count: t.count, amount: rupees(t.amountPaise) }]),
      ) as z.input<typeof ZStateTotals>,
      lines: lines.map((l) => ({
        id: l.id,
        row: l.rowNo,
        date: l.date,
        narration: l.narration,
        reference: l.reference,
        amount: rupees(l.amountPaise),
        state: l.state,
        receiptNo: l.receiptNumber,
        proposedAdmNo: l.proposedAdmissionNo,
        ignoredReason: l.ignoredReason,
      })),
    }),
  }),
];
