import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { DEPARTMENTS } from '../../app/departments';
import { errorMessage, fieldErrors } from '../../lib/trpc';

/** The six departments for a Select: value is the id as text. */
export const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => ({ value: String(d.id), label: d.name }));

/** The server's per-field messages (shared zod schemas) as form errors: the first one of each field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error))
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]!]),
  );
}

/** A failed call's message in red above the form (spec section 8). */
export function FailureAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
