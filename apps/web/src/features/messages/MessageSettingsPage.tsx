import { paiseToRupeesText } from '@fees/validation';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { CHANNEL_LABELS } from './labels';

type Settings = RouterOutputs['messages']['settings'];

/** /admin/messages: each channel as the environment configures it, the sending window, the summary, prices and rate. */
export default function MessageSettingsPage() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.messages.settings.queryOptions());
  return (
    <>
      <PageHeader title="Messages" subtitle="Channels, sending hours, the daily summary and prices" />
      <ReportStates query={settings} refreshInPlace loadingLabel="Reading the settings...">
        {(data) => <SettingsForm settings={data} />}
      </ReportStates>
    </>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    quietHoursStart: settings.quietHoursStart,
    quietHoursEnd: settings.quietHoursEnd,
    summaryRecipients: settings.summaryRecipients,
    summaryTime: settings.summaryTime,
    sendRatePerSecond: settings.sendRatePerSecond,
    emailPrice: paiseToRupeesText(settings.emailPricePaise),
    smsPrice: paiseToRupeesText(settings.smsPricePaise),
    whatsappPrice: paiseToRupeesText(settings.whatsappPricePaise),
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm({ ...form, [key]: value });
  const save = useMutation(
    trpc.messages.updateSettings.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.messages.settings.queryKey(), data),
    }),
  );
  return (
    <Stack maw={760}>
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">
          Channels
        </Title>
        <Table data-testid="channels">
          <Table.Tbody>
            {settings.channels.map((c) => (
              <Table.Tr key={c.channel}>
                <Table.Td w={120}>{CHANNEL_LABELS[c.channel]}</Table.Td>
                <Table.Td w={110}>
                  <Badge color={c.configured ? 'green' : 'gray'} variant="light">
                    {c.configured ? 'On' : 'Off'}
                  </Badge>
                </Table.Td>
                <Table.Td>{c.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          Channels are set in the server's environment (README "Messages"); a change needs a restart.
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(form);
          }}
          noValidate
        >
          <Stack gap="sm">
            <Title order={4}>Sending</Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                type="time"
                label="Reminders from"
                value={form.quietHoursStart}
                onChange={(e) => set('quietHoursStart', e.currentTarget.value)}
              />
              <TextInput
                type="time"
                label="Reminders until"
                description="Receipts go at any hour"
                value={form.quietHoursEnd}
                onChange={(e) => set('quietHoursEnd', e.currentTarget.value)}
              />
              <NumberInput
                label="Messages a second, per channel"
                min={1}
                max={500}
                value={form.sendRatePerSecond}
                onChange={(v) => set('sendRatePerSecond', typeof v === 'number' ? v : Number(v) || 0)}
              />
            </SimpleGrid>
            <Title order={4} mt="sm">
              Daily summary
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Send to"
                description="E-mail addresses, separated by commas"
                style={{ gridColumn: 'span 2' }}
                value={form.summaryRecipients}
                onChange={(e) => set('summaryRecipients', e.currentTarget.value)}
              />
              <TextInput
                type="time"
                label="At"
                value={form.summaryTime}
                onChange={(e) => set('summaryTime', e.currentTarget.value)}
              />
            </SimpleGrid>
            <Title order={4} mt="sm">
              Price of one message (₹), for a reminder run's cost
            </Title>
            <SimpleGrid cols={{ base: 3 }}>
              <TextInput
                label="E-mail"
                value={form.emailPrice}
                onChange={(e) => set('emailPrice', e.currentTarget.value)}
              />
              <TextInput label="SMS" value={form.smsPrice} onChange={(e) => set('smsPrice', e.currentTarget.value)} />
              <TextInput
                label="WhatsApp"
                value={form.whatsappPrice}
                onChange={(e) => set('whatsappPrice', e.currentTarget.value)}
              />
            </SimpleGrid>
            <FailureAlert error={save.error} />
            {save.isSuccess && (
              <Alert color="green" icon={<IconCircleCheck />}>
                Saved.
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
