import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ZUpdateSettingsInput } from '@fees/validation';
import { IconCircleCheck, IconPercentage } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, serverFieldErrors, useTRPC } from '../../lib/trpc';
import { FailureAlert } from '../../components/FailureAlert';
import { UpiSettings } from './UpiSettings';
import { LetterheadLogo } from './LetterheadLogo';
import { ApprovalSettings } from './ApprovalSettings';

interface SettingsValues {
  gstRate: string;
  /** A NumberInput: a number, or '' while empty (the schema then says what to enter). */
  backdateLimitDays: number | string;
  staffMayCloseDay: boolean;
  letterheads: {
    depId: number;
    departmentName: string;
    shortName: string;
    institutionName: string;
    address: string;
    phone: string;
    /** Empty: the department has no GSTIN and its receipts print none. */
    gstin: string;
  }[];
}

const DAY_CLOSING_NOTE =
  "Administrators always may. After closing, only an administrator can change that day's receipts and refunds, " +
  'with a reason.';

function SettingsForm({ initialValues }: { initialValues: SettingsValues }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(ZUpdateSettingsInput, { sync: true }),
    clearInputErrorOnChange: true,
    onValuesChange: () => setSaved(null),
  });
  const update = useMutation(
    trpc.admin.settings.update.mutationOptions({
      onSuccess: (result) => {
        form.setFieldValue('gstRate', result.gstRate);
        form.setInitialValues(form.getValues());
        form.resetDirty();
        setSaved(`${result.Message}: GST ${result.gstRate}% is the default rate of heads marked taxable.`);
        notifications.show({ color: 'green', title: 'Saved', message: result.Message });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.settings.pathKey() });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );
  // Validation passed, so the limit is a number.
  const submit = form.onSubmit((values) =>
    update.mutate({
      gstRate: values.gstRate,
      backdateLimitDays: values.backdateLimitDays as number,
      staffMayCloseDay: values.staffMayCloseDay,
      letterheads: values.letterheads.map(({ depId, institutionName, address, phone, gstin }) => ({
        depId,
        institutionName,
        address,
        phone,
        gstin,
      })),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FailureAlert error={update.error} />
        {saved && (
          <Alert color="green" icon={<IconCircleCheck />} role="status">
            {saved}
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4">
            GST
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Fee heads are exempt unless marked taxable on the fee structure screen; a head marked taxable without a rate
            takes this one. A receipt keeps the GST it was issued with; changing this never alters issued receipts.
          </Text>
          <TextInput
            label="Default GST rate of taxable heads"
            description="Percent, 0 to 100, up to 2 decimals"
            inputMode="decimal"
            maw={240}
            rightSection={<IconPercentage size={16} />}
            withAsterisk
            {...form.getInputProps('gstRate')}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4">
            Receipt dates
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Staff may date a receipt from today back this many days; administrators may post older receipts. No one may
            date one after today.
          </Text>
          <NumberInput
            label="Back-dating limit"
            description="Days, 0 to 3650"
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            maw={240}
            withAsterisk
            {...form.getInputProps('backdateLimitDays')}
          />
          <Checkbox
            mt="md"
            label="Staff may close their own department's day in the day book"
            description={DAY_CLOSING_NOTE}
            {...form.getInputProps('staffMayCloseDay', { type: 'checkbox' })}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4">
            Letterheads
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Printed at the top of each department's receipts, with its GSTIN when it has one.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {form.values.letterheads.map((l, i) => (
              <Paper key={l.depId} withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
                <Group gap="xs" mb="xs">
                  <Badge variant="light" tt="none">
                    {l.shortName}
                  </Badge>
                  <Text fw={600} size="sm">
                    {l.departmentName}
                  </Text>
                </Group>
                <Stack gap="xs">
                  <TextInput
                    label="Institution name"
                    withAsterisk
                    {...form.getInputProps(`letterheads.${i}.institutionName`)}
                  />
                  <TextInput label="Address" {...form.getInputProps(`letterheads.${i}.address`)} />
                  <TextInput label="Phone" {...form.getInputProps(`letterheads.${i}.phone`)} />
                  <TextInput
                    label="GSTIN"
                    description="15 characters; leave empty if the department is not registered"
                    maxLength={15}
                    styles={{ input: { textTransform: 'uppercase' } }}
                    {...form.getInputProps(`letterheads.${i}.gstin`)}
                  />
                  <LetterheadLogo depId={l.depId} departmentName={l.departmentName} />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            Undo changes
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings: the default GST rate and each department's letterhead lines and GSTIN. */
export default function SettingsPage() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.get.queryOptions(undefined, { staleTime: 0 }));
  return (
    <>
      <PageHeader title="GST and letterheads" subtitle="Foundation-wide settings used on receipts" />
      {settings.isLoading ? (
        <Center h={240}>
          <Loader />
        </Center>
      ) : settings.error ? (
        <Text c="red">{errorMessage(settings.error)}</Text>
      ) : (
        settings.data && (
          <SettingsForm
            initialValues={{
              gstRate: settings.data.gstRate,
              backdateLimitDays: settings.data.backdateLimitDays,
              staffMayCloseDay: settings.data.staffMayCloseDay,
              letterheads: settings.data.letterheads.map((l) => ({ ...l, gstin: l.gstin ?? '' })),
            }}
          />
        )
      )}
      <UpiSettings />
      <ApprovalSettings />
    </>
  );
}
