import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/trpc';

/** A failed call's message in red; nothing when there is no error. */
export function FailureAlert({ error, ...props }: { error: unknown } & Omit<AlertProps, 'children' | 'color'>) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" {...props}>
      {errorMessage(error)}
    </Alert>
  );
}
