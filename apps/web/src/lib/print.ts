/** The spec's print delay: printing starts 500 ms after the click, once the page has settled. */
const PRINT_DELAY_MS = 500;

export function printSoon(): void {
  setTimeout(() => window.print(), PRINT_DELAY_MS);
}
