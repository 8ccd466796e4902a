import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { calendarDate, isRealDate, parseShownDate } from '@fees/validation';
import { IconCalendar } from '@tabler/icons-react';

/** dd-MM-yyyy or dd/MM/yyyy (as shown) or yyyy-MM-dd typed by hand -> yyyy-MM-dd; anything else is no date. */
function parseTypedDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  const value = parseShownDate(text) ?? (iso ? calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null);
  return value && isRealDate(value) ? value : null;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** '-' shows dd-MM-yyyy; '/' shows dd/MM/yyyy (the reports' date ranges). */
  separator?: '-' | '/';
};

/**
 * A date field holding yyyy-MM-dd text ('' when empty), the form the server takes, shown and typed
 * day first. Takes form.getInputProps(...) output directly.
 */
export function DateField({ value, onChange, separator = '-', ...props }: DateFieldProps) {
  return (
    <DateInput
      valueFormat={`DD${separator}MM${separator}YYYY`}
      placeholder={`dd${separator}mm${separator}yyyy`}
      dateParser={parseTypedDate}
      leftSection={<IconCalendar size={16} />}
      {...props}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}
