/** Money arrives as integer paise and is formatted only here, at the edge. */
export { amountInWords, paiseToRupeesText } from '@fees/validation';

/** 12500050 -> "1,25,000.50" (Indian digit grouping). */
export function formatRupees(paise: number): string {
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree;
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}
