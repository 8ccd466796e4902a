import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

/** dd-MM-yyyy or dd/MM/yyyy (as shown) or yyyy-MM-dd typed by hand -> yyyy-MM-dd; anything else is no date. */
function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const shown = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const [y, m, d] = shown ? [shown[3], shown[2], shown[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** '-' shows dd-MM-yyyy (spec section 9); '/' shows dd/MM/yyyy (the reports' date ranges, spec section 5). */
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
