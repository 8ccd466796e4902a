import { z } from 'zod';
import { requiredText, ZDate, ZDateRange, ZDepId, ZId, ZVersion } from './common';
import { RECEIPT_PAYMENT_MODES } from './receipt-rules';

/** The ledgers a new installation starts with, so the first export works; the CA renames them. */
export const DEFAULT_ADVANCE_LEDGER = 'Advance from students';
export const DEFAULT_GST_LEDGER = 'Output GST';
export const DEFAULT_CONCESSION_LEDGER = 'Fee concession';

/** The ledgers a gateway settlement is booked to until the admin renames them: its fee, the GST on it, the bank. */
export const DEFAULT_GATEWAY_LEDGERS = {
  charges: 'Payment gateway charges',
  inputGst: 'Input GST',
  bank: 'Bank',
} as const;
export const GATEWAY_LEDGER_PARTS = ['charges', 'inputGst', 'bank'] as const;

/**
 * The default ledger of each payment mode: online payments go to the gateway's clearing ledger, which its settlements
 * then clear into the bank. A mode not listed here has no ledger until the admin gives it one: until then an export
 * that needs it stops and names it.
 */
export const DEFAULT_MODE_LEDGERS: Readonly<Record<string, string>> = {
  cash: 'Cash',
  upi: 'Bank',
  cheque: 'Bank',
  dd: 'Bank',
  bank_transfer: 'Bank',
  card: 'Bank',
  online: 'Razorpay clearing',
  advance: DEFAULT_ADVANCE_LEDGER,
};

/** The payment modes a department's books map to a ledger: every mode a receipt or refund may be paid in. */
export const BOOKS_PAYMENT_MODES: readonly string[] = RECEIPT_PAYMENT_MODES;

/** The longest range one export or ledger covers: a year. */
export const BOOKS_MAX_DAYS = 366;

const LEDGER_NAME_MESSAGE = 'Enter a ledger name (at most 100 characters)';
const ZLedgerName = requiredText(100, LEDGER_NAME_MESSAGE);

const ZBooksRange = ZDateRange.safeExtend({ depId: ZDepId }).refine(
  (r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < BOOKS_MAX_DAYS,
  { message: `Choose at most ${BOOKS_MAX_DAYS} days`, path: ['to'] },
);

const ZGranularity = z.enum(['receipt', 'day'], { error: 'Choose one voucher per receipt or per day and mode' });

/** books.ledger: the general ledger of a department's closed days; its vouchers as the mapping says unless given. */
export const ZBooksLedgerInput = ZBooksRange.safeExtend({ granularity: ZGranularity.optional() });
export type TBooksLedgerInput = z.infer<typeof ZBooksLedgerInput>;

/** books.preview, books.export and books.sendToTally: what goes to the books, and whether to repeat vouchers sent. */
export const ZBooksExportInput = ZBooksLedgerInput.safeExtend({ repeat: z.boolean().default(false) });
export type TBooksExportInput = z.infer<typeof ZBooksExportInput>;

/** books.exports: the department's export log. */
export const ZBooksLogInput = z.object({ depId: ZDepId });
export type TBooksLogInput = z.infer<typeof ZBooksLogInput>;

/** books.mapping: a department's ledger mapping. */
export const ZLedgerMappingInput = z.object({ depId: ZDepId });
export type TLedgerMappingInput = z.infer<typeof ZLedgerMappingInput>;

/** books.saveMapping: the admin renames a department's ledgers. */
export const ZSaveLedgerMappingInput = z.object({
  depId: ZDepId,
  version: ZVersion,
  company: requiredText(100, 'Enter the Tally company name (at most 100 characters)'),
  costCentre: z
    .string()
    .trim()
    .max(100, 'Enter a cost centre of at most 100 characters')
    .nullish()
    .transform((v) => v || null),
  refundLedger: ZLedgerName,
  gstLedger: ZLedgerName,
  /** One voucher per receipt, or per day, type and payment mode; left out: unchanged. */
  granularity: ZGranularity.optional(),
  /** Whether concessions are booked, and the ledger they are debited to; left out: unchanged. */
  concessions: z.enum(['not_booked', 'booked'], { error: 'Choose whether concessions are booked or not' }).optional(),
  concessionLedger: ZLedgerName.optional(),
  /** The first day whose discount changes are booked; left out or null: unchanged, or today when switched on. */
  concessionsFrom: ZDate.nullish(),
  heads: z
    .array(z.object({ feeHeadId: ZId, ledger: ZLedgerName }))
    .max(500)
    .refine((heads) => new Set(heads.map((h) => h.feeHeadId)).size === heads.length, {
      message: 'Give each fee head one ledger',
    }),
  modes: z
    .array(z.object({ mode: z.enum(RECEIPT_PAYMENT_MODES, { error: 'Choose a payment mode' }), ledger: ZLedgerName }))
    .refine((modes) => new Set(modes.map((m) => m.mode)).size === modes.length, {
      message: 'Give each payment mode one ledger',
    }),
  /** An Output GST ledger per rate; a rate left out takes the Output GST name followed by the rate. */
  gst: z
    .array(
      z.object({
        rateBasisPoints: z
          .number({ error: 'Choose a GST rate' })
          .int('Choose a GST rate')
          .min(1, 'Choose a GST rate above 0%')
          .max(10_000, 'Choose a GST rate of at most 100%'),
        ledger: ZLedgerName,
      }),
    )
    .max(50)
    .refine((gst) => new Set(gst.map((g) => g.rateBasisPoints)).size === gst.length, {
      message: 'Give each GST rate one ledger',
    })
    .default([]),
  /** A gateway settlement's ledgers: its fee, the GST on the fee, the bank it is paid into; left out: unchanged. */
  gateway: z.object({ charges: ZLedgerName, inputGst: ZLedgerName, bank: ZLedgerName }).optional(),
});
export type TSaveLedgerMappingInput = z.infer<typeof ZSaveLedgerMappingInput>;
