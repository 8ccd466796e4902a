/** Tally's import files read back by an XML parser, for the tests of the books. */
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';

export interface ParsedVoucher {
  type: string;
  number: string;
  date: string;
  narration: string;
  /** Ledger and signed paise: a debit positive. */
  rows: (readonly [string, number])[];
}

/** Every voucher of a Tally file, read back by an XML parser: type, number, date, and its rows as signed paise. */
export function parseTally(xml: string): { company: string; vouchers: ParsedVoucher[] } {
  const parsed = new XMLParser({
    parseTagValue: false,
    isArray: (name) => ['TALLYMESSAGE', 'ALLLEDGERENTRIES.LIST'].includes(name),
  }).parse(xml);
  const envelope = parsed.ENVELOPE;
  expect(envelope.HEADER.TALLYREQUEST).toBe('Import Data');
  expect(envelope.BODY.IMPORTDATA.REQUESTDESC.REPORTNAME).toBe('Vouchers');
  const messages = envelope.BODY.IMPORTDATA.REQUESTDATA?.TALLYMESSAGE ?? [];
  return {
    company: envelope.BODY.IMPORTDATA.REQUESTDESC.STATICVARIABLES.SVCURRENTCOMPANY as string,
    vouchers: messages.map((m: { VOUCHER: Record<string, unknown> }) => {
      const v = m.VOUCHER as Record<string, string> & { 'ALLLEDGERENTRIES.LIST': Record<string, string>[] };
      const rows = v['ALLLEDGERENTRIES.LIST'].map((e) => {
        const paise = Math.round(Number(e.AMOUNT) * 100);
        // A debit is deemed positive with a negative amount.
        expect(e.ISDEEMEDPOSITIVE).toBe(paise < 0 ? 'Yes' : 'No');
        return [e.LEDGERNAME, -paise] as const;
      });
      expect(rows.reduce((sum, [, paise]) => sum + paise, 0)).toBe(0);
      return { type: v.VOUCHERTYPENAME, number: v.VOUCHERNUMBER, date: v.DATE, narration: v.NARRATION, rows };
    }),
  };
}
