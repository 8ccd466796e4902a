import * as XLSX from '@e965/xlsx';
import { auditLog, bankStatementLines, receipts } from '@fees/db';
import { addDays } from '@fees/money';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { today } from '../../config';
import { refusal } from '../../test/refusal';
import { type ReceiptOptions, receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

const day = (offset: number) => addDays(today(), offset);
/** dd/MM/yyyy as the bank prints it. */
const printed = (iso: string) => iso.split('-').reverse().join('/');
const base64 = (text: string) => Buffer.from(text).toString('base64');

const ugReceipt = (date: string, paise: number, payment: Omit<ReceiptOptions, 'date' | 'lines'>) =>
  receiptInput(fx, { date, lines: [[fx.heads.tuition, paise]], ...payment });

/** A statement as SBI's CSV export lays it out: the account's details above the table, a closing line below. */
function statementCsv(rows: string[][]): string {
  return [
    'Account Name :,SRI NARAYANA FOUNDATION',
    'Account Number :,00000012345678901',
    '',
    'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
    ...rows.map((cells) => cells.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')),
    ',,** Closing balance **,,,,',
  ].join('\r\n');
}

const LINES = () => [
  [
    printed(day(-7)),
    printed(day(-7)),
    'UPI/612345678901/ANJALI M/okaxis',
    '612345678901',
    '',
    '2,500.00',
    '1,02,500.00',
  ],
  [printed(day(-6)), printed(day(-6)), 'CLG CHQ 4411 SBI THRISSUR', '4411', '', '1,000.00', '1,03,500.00'],
  [
    printed(day(-5)),
    printed(day(-5)),
    'NEFT-N326000011122-FEES UG-001 ANJALI',
    'N326000011122',
    '',
    '5,000.00',
    '1,08,500.00',
  ],
  [printed(day(-4)), printed(day(-4)), 'INT.PD:01-10-2026 TO 31-10-2026', '', '', '12.50', '1,08,512.50'],
  [printed(day(-4)), printed(day(-4)), 'ATM WDL', '', '500.00', '', '1,08,012.50'],
];

const file = (text: string, fileName = 'sbi-november.csv') => ({
  depId: 100 as const,
  bankAccount: 'SBI current 8901',
  fileName,
  fileBase64: base64(text),
});

const MAPPING = {
  date: 'Txn Date',
  narration: 'Description',
  reference: 'Ref No./Cheque No.',
  credit: 'Credit',
  debit: 'Debit',
  balance: 'Balance',
};

let upiNumber: number;
let chequeNumber: number;
beforeEach(async () => {
  const staff = h.caller('ugStaff');
  upiNumber = (
    await staff.receipts.create(
      ugReceipt(day(-7), 2_500_00, { paymentMode: 'upi', paymentReference: '6123 4567 8901' }),
    )
  ).number;
  chequeNumber = (
    await staff.receipts.create(
      ugReceipt(day(-9), 1_000_00, {
        paymentMode: 'cheque',
        bank: 'State Bank of India',
        instrumentNo: '004411',
        instrumentDate: day(-9),
      }),
    )
  ).number;
});

describe('bank statements', () => {
  it('previews a statement: the header found under the bank details, the mapping guessed, the credits read', async () => {
    const preview = await h.caller('ugStaff').reconciliation.preview(file(statementCsv(LINES())));
    expect(preview.headerRow).toBe(4);
    expect(preview.mapping).toEqual(MAPPING);
    expect(preview.mappingSource).toBe('guessed');
    expect(preview.creditCount).toBe(4);
    expect(preview.creditPaise).toBe(8_512_50);
    expect(preview.debitCount).toBe(1);
    expect(preview.sample.map((s) => [s.date, s.creditPaise])).toEqual([
      [day(-7), 2_500_00],
      [day(-6), 1_000_00],
      [day(-5), 5_000_00],
      [day(-4), 12_50],
    ]);
    expect(await h.db.select().from(bankStatementLines)).toHaveLength(0);
  });

  it('matches receipts already there, proposes the student the narration names, and imports a file once', async () => {
    const staff = h.caller('ugStaff');
    const text = statementCsv(LINES());
    const imported = await staff.reconciliation.import({ ...file(text), mapping: MAPPING });
    expect(imported).toMatchObject({ alreadyImported: false, added: 4, repeated: 0 });

    const view = await staff.reconciliation.statement({ depId: 100, statementId: imported.statementId });
    expect(
      view.lines.map((l) => [l.state, l.matchRule, l.receiptNumber, l.proposedAdmissionNo, l.amountPaise]),
    ).toEqual([
      ['matched', 'reference', upiNumber, null, 2_500_00],
      ['matched', 'instrument', chequeNumber, null, 1_000_00],
      ['unmatched', 'admission_no', null, 'UG-001', 5_000_00],
      ['unmatched', null, null, null, 12_50],
    ]);
    expect(view.totals.matched).toEqual({ count: 2, amountPaise: 3_500_00 });
    expect(view.totals.unmatched).toEqual({ count: 2, amountPaise: 5_012_50 });
    expect(view.totals.all.amountPaise).toBe(8_512_50);

    // The same file again adds nothing; the account remembers its mapping.
    const again = await staff.reconciliation.import({ ...file(text), mapping: MAPPING });
    expect(again).toEqual({ statementId: imported.statementId, alreadyImported: true, added: 0, repeated: 4 });
    expect(await h.db.select().from(bankStatementLines)).toHaveLength(4);
    const preview = await staff.reconciliation.preview(file(text));
    expect(preview).toMatchObject({ mappingSource: 'remembered', alreadyImported: imported.statementId });

    // A later statement overlapping this one: its repeated lines are not added twice.
    const next = statementCsv([
      ...LINES().slice(2),
      [printed(day(-1)), printed(day(-1)), 'UPI/699999999999/UNKNOWN', '699999999999', '', '750.00', '1,08,762.50'],
    ]);
    const overlap = await staff.reconciliation.import({ ...file(next, 'sbi-late-november.csv'), mapping: MAPPING });
    expect(overlap).toMatchObject({ alreadyImported: false, added: 1, repeated: 2 });
    const statements = await staff.reconciliation.statements({ depId: 100 });
    expect(statements.map((s) => [s.fileName, s.repeatedLines])).toEqual([
      ['sbi-late-november.csv', 2],
      ['sbi-november.csv', 0],
    ]);
    expect(await h.db.select().from(auditLog).where(eq(auditLog.entity, 'bank_statement'))).toHaveLength(2);
  });

  it('accepting a proposal writes one receipt dated the credit, paid by bank transfer with the UTR; ignoring needs a reason', async () => {
    const staff = h.caller('ugStaff');
    const { statementId } = await staff.reconciliation.import({ ...file(statementCsv(LINES())), mapping: MAPPING });
    const lines = (await staff.reconciliation.statement({ depId: 100, statementId })).lines;
    const proposal = lines[2]!;
    const before = (await h.db.select().from(receipts)).length;

    const accept = {
      depId: 100 as const,
      lineId: proposal.id,
      studentId: proposal.proposedStudentId!,
      paymentMode: 'bank_transfer' as const,
    };
    expect(await refusal(staff.reconciliation.accept({ ...accept, version: proposal.version + 1 }))).toEqual({
      code: 'CONFLICT',
      message: 'Someone else changed this line meanwhile: reload the statement',
    });
    const created = await staff.reconciliation.accept({ ...accept, version: proposal.version });
    expect(created.already).toBe(false);
    const again = await staff.reconciliation.accept(accept);
    expect(again).toEqual({ receiptNumber: created.receiptNumber, already: true });
    expect(await h.db.select().from(receipts)).toHaveLength(before + 1);

    const receipt = await staff.receipts.byNumber({ number: created.receiptNumber });
    expect(receipt.receipt).toMatchObject({
      date: day(-5),
      netPaise: 5_000_00,
      paymentMode: 'bank_transfer',
      paymentReference: 'N326000011122',
      studentId: fx.ug.studentId,
    });
    expect(receipt.lines.map((l) => [l.feeHeadId, l.amountPaise])).toEqual([[fx.heads.tuition, 5_000_00]]);

    const interest = lines[3]!;
    expect(await refusal(staff.reconciliation.ignore({ depId: 100, lineId: interest.id, reason: 'x' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Say why in 3 to 200 characters',
    });
    await staff.reconciliation.ignore({ depId: 100, lineId: interest.id, reason: 'Savings interest' });
    expect(await refusal(staff.reconciliation.accept({ ...accept, lineId: interest.id }))).toEqual({
      code: 'CONFLICT',
      message: 'This line is ignored already',
    });

    // The accountant disagrees with a match: the line is unmatched again and its receipt free for another.
    await staff.reconciliation.reopen({ depId: 100, lineId: lines[0]!.id });
    const view = await staff.reconciliation.statement({ depId: 100, statementId });
    expect(view.lines.map((l) => [l.state, l.ignoredReason])).toEqual([
      ['unmatched', null],
      ['matched', null],
      ['receipt_created', null],
      ['ignored', 'Savings interest'],
    ]);
    expect(view.totals.receipt_created).toEqual({ count: 1, amountPaise: 5_000_00 });
    expect(await refusal(staff.reconciliation.reopen({ depId: 100, lineId: proposal.id }))).toEqual({
      code: 'CONFLICT',
      message: 'A line with a live receipt created from it stays so: void the receipt first',
    });
    const sum = ['matched', 'receipt_created', 'ignored', 'unmatched'].reduce(
      (s, k) => s + view.totals[k as keyof typeof view.totals].amountPaise,
      0,
    );
    expect(sum).toBe(8_512_50);

    // The receipt voided at the counter: the line shows it and may be unmatched, then accepted again.
    const { receipt: issued } = await staff.receipts.byNumber({ number: created.receiptNumber });
    await staff.receipts.void({ number: created.receiptNumber, version: issued.version, reason: 'Wrong student' });
    const voided = (await staff.reconciliation.statement({ depId: 100, statementId })).lines[2]!;
    expect([voided.state, voided.receiptStatus]).toEqual(['receipt_created', 'voided']);
    await staff.reconciliation.reopen({ depId: 100, lineId: voided.id });
    const second = await staff.reconciliation.accept({ ...accept, paymentMode: 'upi' });
    expect(second.receiptNumber).not.toBe(created.receiptNumber);
  });

  it('refuses a file with an unreadable row, naming it, and writes nothing; another department sees nothing', async () => {
    const bad = statementCsv([['32/13/2026', '', 'UPI/1', '', '', '100.00', '']]);
    expect(await refusal(h.caller('ugStaff').reconciliation.import({ ...file(bad), mapping: MAPPING }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Row 5: Date "32/13/2026" is not a date',
    });
    expect(
      await refusal(
        h.caller('ugStaff').reconciliation.import({ ...file(bad), mapping: { ...MAPPING, credit: 'Amount' } }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message:
        'mapping: the file has no row with the columns Txn Date, Description, Ref No./Cheque No., Amount, Debit, Balance',
    });
    expect(await h.db.select().from(bankStatementLines)).toHaveLength(0);

    const { statementId } = await h
      .caller('ugStaff')
      .reconciliation.import({ ...file(statementCsv(LINES())), mapping: MAPPING });
    expect(await refusal(h.caller('pgStaff').reconciliation.statement({ depId: 101, statementId }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such statement in this department',
    });
  });

  it('proposes the student whose dues are exactly the credit when the narration names no one', async () => {
    // UG-001 owes 25,000.00 + 1,500.00 - 2,500.00 discount - 10,000.00 - 2,500.00 - 1,000.00 paid = 10,500.00.
    const text = statementCsv([
      [printed(day(-2)), printed(day(-2)), 'IMPS 611111111111 FROM PARENT', '611111111111', '', '10,500.00', ''],
      [printed(day(-2)), printed(day(-2)), 'IMPS 622222222222 FROM PARENT', '622222222222', '', '10,499.00', ''],
    ]);
    const staff = h.caller('ugStaff');
    const { statementId } = await staff.reconciliation.import({ ...file(text), mapping: MAPPING });
    const { lines } = await staff.reconciliation.statement({ depId: 100, statementId });
    expect(lines.map((l) => [l.matchRule, l.proposedAdmissionNo])).toEqual([
      ['dues_amount', 'UG-001'],
      [null, null],
    ]);
  });

  it('reads an XLSX statement, its dates as real spreadsheet dates', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['HDFC BANK Ltd.', '', '', '', ''],
        ['Date', 'Narration', 'Chq./Ref.No.', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
        [new Date(`${day(-7)}T00:00:00Z`), 'UPI-ANJALI-612345678901', '0000612345678901', '', 2500, 102500],
        [new Date(`${day(-3)}T00:00:00Z`), 'IMPS-FEE UG-001', '0000698765432101', '', 1250.5, 103750.5],
      ],
      { cellDates: true, dateNF: 'dd/mm/yy', UTC: true },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Statement');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const preview = await h.caller('ugStaff').reconciliation.preview({
      depId: 100,
      bankAccount: 'HDFC 0101',
      fileName: 'hdfc.xlsx',
      fileBase64: bytes.toString('base64'),
    });
    expect(preview.mapping).toEqual({
      date: 'Date',
      narration: 'Narration',
      reference: 'Chq./Ref.No.',
      credit: 'Deposit Amt.',
      debit: 'Withdrawal Amt.',
      balance: 'Closing Balance',
    });
    expect(preview.sample.map((s) => [s.date, s.creditPaise, s.reference])).toEqual([
      [day(-7), 2_500_00, '0000612345678901'],
      [day(-3), 1_250_50, '0000698765432101'],
    ]);
  });
});
