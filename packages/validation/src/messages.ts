/** The user-facing messages of spec section 5, written once. */
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
  invalidDate: 'Enter a valid date (yyyy-MM-dd)',
  invalidEmail: 'Enter a valid email address',
  dateRangeOrder: 'The from date must not be after the to date',
  birthBeforeAdmission: 'Date of birth must be before the admission date',
  importTooLarge: 'The file is too large (at most 2 MB)',
  maxDigits: (n: number) => `Maximum ${n} digit allowed`,
  maxChars: (n: number) => `Maximum ${n} characters allowed`,
} as const;
