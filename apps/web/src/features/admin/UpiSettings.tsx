import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DEPARTMENTS, ZUpdatePaymentSettingsInput } from '@fees/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FailureAlert } from '../../components/FailureAlert';
import { PageLoader } from '../../components/PageLoader';
import { serverFieldErrors, useTRPC } from '../../lib/trpc';

type Department = (typeof DEPARTMENTS)[number];

function UpiForm({
  department,
  initialValues,
}: {
  department: Department;
  initialValues: { upiId: string; payeeName: string };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { depId: department.id, ...initialValues },
    validate: schemaResolver(ZUpdatePaymentSettingsInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const update = useMutation(
    trpc.plans.paymentSettings.update.mutationOptions({
      onSuccess: () => {
        form.resetDirty();
        notifications.show({ color: 'green', message: `UPI details saved for ${department.name}` });
        void queryClient.invalidateQueries({ queryKey: trpc.plans.paymentSettings.pathKey() });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => update.mutate(values))}>
      <Stack gap="xs">
        <FailureAlert error={Object.keys(serverFieldErrors(update.error)).length ? null : update.error} />
        <TextInput
          label="UPI ID"
          placeholder="name@bank"
          description="Leave empty for no UPI QR codes"
          {...form.getInputProps('upiId')}
        />
        <TextInput label="Payee name" placeholder="As the bank account is named" {...form.getInputProps('payeeName')} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" variant="light" loading={update.isPending} disabled={!form.isDirty()}>
            Save UPI
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DepartmentUpi({ department }: { department: Department }) {
  const trpc = useTRPC();
  const current = useQuery(trpc.plans.paymentSettings.get.queryOptions({ depId: department.id }, { staleTime: 0 }));
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" data-testid={`upi-${department.id}`}>
      <Group gap="xs" mb="xs">
        <Badge variant="light" tt="none">
          {department.shortName}
        </Badge>
        <Text fw={600} size="sm">
          {department.name}
        </Text>
      </Group>
      {current.isPending ? (
        <PageLoader />
      ) : current.isError ? (
        <FailureAlert error={current.error} />
      ) : (
        <UpiForm
          department={department}
          initialValues={{ upiId: current.data?.upiId ?? '', payeeName: current.data?.payeeName ?? '' }}
        />
      )}
    </Paper>
  );
}

/** Each department's UPI ID and payee name: the QR codes at the counter and on demand notices pay there. */
export function UpiSettings() {
  return (
    <Paper withBorder p="lg" radius="md" mt="lg">
      <Title order={2} size="h4">
        UPI payments
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        With a UPI ID, the counter shows a QR code for the amount of a UPI receipt and demand notices carry one for
        their total.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {DEPARTMENTS.map((d) => (
          <DepartmentUpi key={d.id} department={d} />
        ))}
      </SimpleGrid>
    </Paper>
  );
}
