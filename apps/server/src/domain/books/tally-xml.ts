/**
 * Tally Prime's XML import of vouchers: an ENVELOPE whose HEADER asks to Import Data, whose IMPORTDATA names the
 * Vouchers report and the company (SVCURRENTCOMPANY) and carries one TALLYMESSAGE per voucher. In a voucher's
 * ALLLEDGERENTRIES.LIST rows a debit is ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a credit No with a positive one
 * (rupees with two decimals). The same text is downloaded as a file or posted to Tally's HTTP port.
 */
import type { Voucher } from '@fees/money';

// Control characters other than tab and newline are not allowed in XML 1.0.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly those characters
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Paise as Tally's amount: rupees with two decimals, the sign kept (-12390.00 is a debit of 12,390.00). */
export function tallyAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface TallyOptions {
  company: string;
  /** The department's cost centre, allocated on the rows of these ledgers (the income ledgers). */
  costCentre: string | null;
  costCentreLedgers: ReadonlySet<string>;
}

function entryXml(ledger: string, amountPaise: number, options: TallyOptions): string {
  const debit = amountPaise > 0;
  const amount = tallyAmount(-amountPaise);
  const costCentre =
    options.costCentre && options.costCentreLedgers.has(ledger)
      ? [
          '      <CATEGORYALLOCATIONS.LIST>',
          '       <CATEGORY>Primary Cost Category</CATEGORY>',
          '       <COSTCENTREALLOCATIONS.LIST>',
          `        <NAME>${escapeXml(options.costCentre)}</NAME>`,
          `        <AMOUNT>${amount}</AMOUNT>`,
          '       </COSTCENTREALLOCATIONS.LIST>',
          '      </CATEGORYALLOCATIONS.LIST>',
        ]
      : [];
  return [
    '     <ALLLEDGERENTRIES.LIST>',
    `      <LEDGERNAME>${escapeXml(ledger)}</LEDGERNAME>`,
    `      <ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>`,
    `      <AMOUNT>${amount}</AMOUNT>`,
    ...costCentre,
    '     </ALLLEDGERENTRIES.LIST>',
  ].join('\n');
}

function voucherXml(voucher: Voucher, options: TallyOptions): string {
  const type = escapeXml(voucher.type);
  return [
    '   <TALLYMESSAGE xmlns:UDF="TallyUDF">',
    `    <VOUCHER VCHTYPE="${type}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    `     <DATE>${voucher.date.replaceAll('-', '')}</DATE>`,
    `     <VOUCHERTYPENAME>${type}</VOUCHERTYPENAME>`,
    `     <VOUCHERNUMBER>${escapeXml(voucher.number)}</VOUCHERNUMBER>`,
    `     <NARRATION>${escapeXml(voucher.narration)}</NARRATION>`,
    '     <PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
    ...voucher.entries.map((e) => entryXml(e.ledger, e.amountPaise, options)),
    '    </VOUCHER>',
    '   </TALLYMESSAGE>',
  ].join('\n');
}

/** The import request for these vouchers into the company. */
export function tallyXml(vouchers: readonly Voucher[], options: TallyOptions): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    ' <HEADER>',
    '  <TALLYREQUEST>Import Data</TALLYREQUEST>',
    ' </HEADER>',
    ' <BODY>',
    '  <IMPORTDATA>',
    '   <REQUESTDESC>',
    '    <REPORTNAME>Vouchers</REPORTNAME>',
    '    <STATICVARIABLES>',
    `     <SVCURRENTCOMPANY>${escapeXml(options.company)}</SVCURRENTCOMPANY>`,
    '    </STATICVARIABLES>',
    '   </REQUESTDESC>',
    '   <REQUESTDATA>',
    ...vouchers.map((v) => voucherXml(v, options)),
    '   </REQUESTDATA>',
    '  </IMPORTDATA>',
    ' </BODY>',
    '</ENVELOPE>',
    '',
  ].join('\n');
}
