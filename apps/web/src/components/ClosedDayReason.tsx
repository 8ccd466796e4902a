import { isDayClosedRefusal } from '@fees/validation';
import { TextInput } from '@mantine/core';

/** An admin writing on a closed day is asked why (the server's refusal says so); staff are refused outright. */
export function asksClosedDayReason(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return isDayClosedRefusal(message) && message.endsWith('Give a reason to change it.');
}

/** The reason an admin gives for changing a closed day's money; kept in the audit log. */
export function ClosedDayReason({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextInput
      label="Reason for changing a closed day"
      description="Kept in the audit log"
      required
      maxLength={200}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
