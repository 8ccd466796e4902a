/** Largest amount accepted anywhere: Rs 99,99,99,999.99, far inside exact integer range as paise. */
export const MAX_PAISE = 99_99_99_999_99;
