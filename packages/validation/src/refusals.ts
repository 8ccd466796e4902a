/**
 * How the refusals a screen answers in its own way begin (a balance below zero, a closed day), apart
 * from the messages: the screens recognise them without loading every message.
 */
export const BELOW_ZERO_START = 'This would push the balance';

/** Whether a refusal asks to confirm a balance below zero (the form then asks and sends allowNegativeBalance). */
export function isBelowZeroRefusal(message: string): boolean {
  return message.startsWith(BELOW_ZERO_START);
}

/** The refusal every write on a closed day gets from staff; the day book screen recognises it. */
export const DAY_CLOSED_START = 'This day is closed';

export function isDayClosedRefusal(message: string): boolean {
  return message.startsWith(DAY_CLOSED_START);
}
