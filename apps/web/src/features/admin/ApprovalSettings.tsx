import {
  APPROVAL_OPERATION_LABELS,
  type ApprovalOperation,
  paiseToRupeesText,
  parseRupeesToPaise,
  type TApprovalSettings,
} from '@fees/validation';
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';

type Switched = Exclude<ApprovalOperation, 'discount'>;

/** What each switch means for the people at the counter. */
const SWITCHES: ReadonlyArray<{ key: Switched; note: string }> = [
  { key: 'void', note: "A clerk's void waits; the receipt counts until someone approves it." },
  { key: 'refund', note: 'A refund from the advance waits; no voucher is made until someone approves it.' },
  { key: 'waiver', note: "An accountant's fine waiver waits; the fine stays due until someone approves it." },
  { key: 'reopenDay', note: "An accountant's reopening waits; the day stays closed until someone approves it." },
  {
    key: 'backdated',
    note:
      'A receipt dated before the back-dating limit waits instead of being refused; it is numbered when ' +
      'approved, so a rejected one leaves no gap in the numbers.',
  },
];

function ApprovalForm({ initial }: { initial: TApprovalSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [threshold, setThreshold] = useState(
    initial.discountAbovePaise === null ? '' : paiseToRupeesText(initial.discountAbovePaise),
  );
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const save = useMutation(
    trpc.approvals.settings.update.mutationOptions({
      onSuccess: (saved) => {
        setValues(saved);
        notifications.show({ color: 'green', message: 'Approval settings saved' });
        void queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() });
      },
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = threshold.trim();
    const discountAbovePaise = text === '' ? null : parseRupeesToPaise(text);
    if (text !== '' && discountAbovePaise === null) {
      setThresholdError('Enter an amount in rupees, like 5000 or 5000.50, or leave it empty');
      return;
    }
    setThresholdError(null);
    save.mutate({ ...values, discountAbovePaise });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {SWITCHES.map(({ key, note }) => (
          <Switch
            key={key}
            label={APPROVAL_OPERATION_LABELS[key]}
            description={note}
            checked={values[key]}
            onChange={(e) => setValues({ ...values, [key]: e.currentTarget.checked })}
          />
        ))}
        <TextInput
          label={`${APPROVAL_OPERATION_LABELS.discount} (₹)`}
          description={
            "An accountant's discount (discount and adjustment together on a fee head) above this amount waits; " +
            'it applies when someone approves it. Empty: discounts never wait'
          }
          value={threshold}
          onChange={(e) => setThreshold(e.currentTarget.value)}
          error={thresholdError}
          inputMode="decimal"
          maw={320}
        />
        <FailureAlert error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save approvals
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Admin settings: which operations of department staff need a second person (maker and checker). */
export function ApprovalSettings() {
  const trpc = useTRPC();
  const current = useQuery(trpc.approvals.settings.get.queryOptions(undefined, { staleTime: 0 }));
  return (
    <Paper withBorder p="lg" radius="md" mt="lg">
      <Title order={2} size="h4">
        Approvals
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        When an operation is on, a department user's request waits until another accountant of the department or an
        administrator approves it. An administrator's own operations never wait.
      </Text>
      {current.isPending ? <PageLoader /> : current.error ? <FailureAlert error={current.error} /> : null}
      {current.data && <ApprovalForm initial={current.data} />}
    </Paper>
  );
}
