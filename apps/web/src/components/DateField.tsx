import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { formatDate, isRealDate, parseShownDate } from '@fees/validation';
import { IconCalendar } from '@tabler/icons-react';
import { type FocusEvent, useState } from 'react';

/** dd-MM-yyyy as typed (dd/MM/yyyy and dd.MM.yyyy too) -> yyyy-MM-dd; an impossible day is no date. */
function parseTypedDate(text: string): string | null {
  const value = parseShownDate(text);
  return value && isRealDate(value) ? value : null;
}

/** Why the text typed is refused, or null when it is a date within the field's limits. */
function typedDateError(text: string, minDate?: string, maxDate?: string): string | null {
  if (text === '') return null;
  const date = parseTypedDate(text);
  if (date === null) return `${text} is not a date: type it as dd-mm-yyyy`;
  if (minDate && date < minDate)
    return `${formatDate(date)} is too early: the earliest allowed is ${formatDate(minDate)}`;
  if (maxDate && date > maxDate) return `${formatDate(date)} is too late: the latest allowed is ${formatDate(maxDate)}`;
  return null;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** yyyy-MM-dd */
  minDate?: string;
  /** yyyy-MM-dd */
  maxDate?: string;
};

/**
 * The one date field of the app: holds yyyy-MM-dd text ('' when empty), the form the server takes, shown and
 * typed as dd-MM-yyyy. Takes form.getInputProps(...) output directly. A typed date that is impossible or
 * outside minDate..maxDate is answered with a message and empties the field, so the old date is never kept
 * silently in its place.
 */
export function DateField({ value, onChange, onBlur, error, minDate, maxDate, ...props }: DateFieldProps) {
  const [typedError, setTypedError] = useState<string | null>(null);
  const leave = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    const refused = typedDateError(event.currentTarget.value.trim(), minDate, maxDate);
    setTypedError(refused);
    if (refused !== null) onChange?.('');
  };
  return (
    <DateInput
      valueFormat="DD-MM-YYYY"
      placeholder="dd-mm-yyyy"
      dateParser={parseTypedDate}
      leftSection={<IconCalendar size={16} />}
      minDate={minDate}
      maxDate={maxDate}
      {...props}
      error={typedError ?? error}
      onBlur={leave}
      value={value || null}
      onChange={(next) => {
        setTypedError(null);
        onChange?.(next ?? '');
      }}
    />
  );
}
