import { formatDate } from './format';
import { MAX_INPUT_DEPTH } from './limits';

const BELOW_ZERO_START = 'This would push the balance';

/** Whether a refusal asks to confirm a balance below zero (the form then asks and sends allowNegativeBalance). */
export function isBelowZeroRefusal(message: string): boolean {
  return message.startsWith(BELOW_ZERO_START);
}

/** The user-facing messages , written once. */
export const MSG = {
  required: 'Required',
  requiredLower: 'required',
  passwordMin: 'Minimum 6 digit required',
  passwordMax: 'Maximum 12 digit allowed',
  passwordsMismatch: 'passwords do not match',
  itemsRequired: 'Please enter the item list',
  particularsMax: 'Particulars should not exceed 50 characters',
  amountFormat: 'Not valid number with up to 2 decimal places',
  amountTooLarge: 'Amount is too large',
  tooManyLines: 'Too many lines on one receipt',
  tooManyParts: 'At most three modes on one receipt',
  paymentReferenceRequired: 'Reference number is required unless paid in cash',
  bankRequired: 'Enter the bank of the cheque or draft',
  instrumentNoRequired: 'Enter the cheque or draft number',
  instrumentDateRequired: 'Enter the date on the cheque or draft',
  paymentOneWay: 'Give the payment either as one mode or as parts, not both',
  onlineNotAtCounter: 'Online payments become receipts from the payment gateway, not at the counter',
  paymentModeTwice: (mode: string) => `${mode} is given twice: one part per mode`,
  advanceNotSplit: 'Adjusted from advance cannot be combined with other modes',
  oneInstrument: 'One cheque or draft per receipt',
  paymentPartsSum: (parts: string, net: string) => `The modes add up to Rs ${parts}; the net amount is Rs ${net}`,
  closedDayReason: 'Give a reason for changing a closed day (3 to 200 characters)',
  reopenDayReason: 'Give a reason for reopening the day (3 to 200 characters)',
  invalidDate: 'Enter a valid date (yyyy-MM-dd)',
  invalidPhone: 'Enter a 10-digit phone number (+91 or 0 in front is fine)',
  invalidEmail: 'Enter a valid email address',
  nulCharacter: 'Text cannot hold a NUL character (U+0000); save a file as CSV UTF-8',
  nestedTooDeep: `Lists and objects may be nested at most ${MAX_INPUT_DEPTH} levels deep`,
  dateRangeOrder: 'The from date must not be after the to date',
  birthBeforeAdmission: 'Date of birth must be before the admission date',
  importTooLarge: 'The file is too large (at most 1 MB)',
  importBusy: 'Another import is being checked; try again in a moment',
  endBeforeStart: 'The end date must not be before the start date',
  discountOrAdjustment: 'Enter a discount or an adjustment',
  gstRate: 'Enter a GST rate from 0 to 100 with up to 2 decimals',
  gstTreatment: 'Choose exempt or taxable',
  gstTaxableRate: 'A taxable head needs a GST rate above 0',
  gstDefaultRateZero: 'Enter the GST rate: the default rate in the settings is 0',
  gstCode: 'Enter an SAC (6 digits starting 99) or an HSN code (4, 6 or 8 digits)',
  gstCodeRequired: 'Enter the SAC or HSN code of a taxable head',
  gstinFormat: 'Enter a GSTIN of 15 characters: state code, PAN, entity number, Z and the check character',
  gstinCheck: 'This GSTIN’s check character does not match: check it for a typing mistake',
  logoType: 'Choose a PNG or JPEG image',
  logoTooLarge: 'The logo must be at most 200 KB',
  maxDigits: (n: number) => `Maximum ${n} digit allowed`,
  maxChars: (n: number) => `Maximum ${n} characters allowed`,
  maxRows: (n: number) => `At most ${n} rows`,
  dateRange: (from: string, to: string) => `Enter a date from ${formatDate(from)} to ${formatDate(to)}`,
  receiptDateFuture: 'The receipt date cannot be after today',
  receiptDateTooOld: (days: number, earliest: string) =>
    `The receipt date cannot be more than ${days} days back (before ${formatDate(earliest)}); ` +
    `an administrator can post older receipts`,
  backdateLimit: 'Enter a number of days from 0 to 3650',
  belowZero: (students: number, head: string, lowest: string) =>
    `${BELOW_ZERO_START} of ${students} student${students === 1 ? '' : 's'} below zero on ${head} ` +
    `(lowest ${lowest}). Confirm to save it anyway.`,
  stale: (kind: string, time: string) =>
    `This ${kind} was changed by someone else at ${time}; reload it to see the change`,
} as const;
