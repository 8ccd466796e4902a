/** Money arrives as integer paise and is formatted only here, at the edge, by the shared helpers. */
export { formatRupees, paiseToRupeesText } from '@fees/validation';
export { amountInWords } from '@fees/money';
