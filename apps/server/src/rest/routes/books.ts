import { paiseToRupeesText as rupees } from '@fees/validation';
import { z } from 'zod';
import { download, route } from '../route';
import { ZIsoDate, ZRupees } from '../wire';

const RANGE = { depId: 'depId', from: 'from', to: 'to', granularity: 'granularity' } as const;

/** The accountant's books for other programs: the general ledger of closed days, and the same as Tally's XML. */
export const bookRoutes = [
  route({
    method: 'GET',
    path: '/v2/ledger',
    procedure: 'books.ledger',
    summary:
      "The general ledger of a department's closed days (from, to: yyyy-MM-dd): one row per voucher and ledger, " +
      'debit or credit in rupees; granularity receipt (a Receipt voucher per receipt, a Payment per refund, ' +
      'a Journal per bounced cheque) or day (one voucher per day, type and payment mode, a row per head); ' +
      "left out, as the department's ledger mapping chooses. 409 names the first day of the range " +
      'that is not closed, or the heads and modes that have no ledger',
    access: 'read',
    request: RANGE,
    response: z.array(
      z.object({
        date: ZIsoDate,
        voucherType: z.enum(['Receipt', 'Payment', 'Journal']),
        voucherNumber: z.string(),
        ledger: z.string(),
        debit: ZRupees,
        credit: ZRupees,
        narration: z.string(),
      }),
    ),
    output: (ledger) =>
      ledger.rows.map((row) => ({
        date: row.date,
        voucherType: row.voucherType as 'Receipt' | 'Payment' | 'Journal',
        voucherNumber: row.voucherNumber,
        ledger: row.ledger,
        debit: rupees(row.debitPaise),
        credit: rupees(row.creditPaise),
        narration: row.narration,
      })),
  }),
  download({
    method: 'GET',
    path: '/v2/tally',
    procedure: 'books.tallyXml',
    summary:
      "The same vouchers as Tally Prime's XML import (ENVELOPE, Import Data, Vouchers of the department's company), " +
      'as the attachment tally_{depId}_{from}_{to}.xml. Nothing is recorded as exported: the Books screen keeps the ' +
      'export log. 409 as /v2/ledger',
    access: 'read',
    request: RANGE,
    response: z.string().describe('The XML text'),
    download: { contentType: 'application/xml; charset=utf-8' },
    output: (r) => ({ fileName: r.fileName, content: r.xml }),
  }),
];
