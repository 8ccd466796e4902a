import { REMINDER_STAGE_NAMES, type TReminderStage } from '@fees/validation';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../components/DateField';
import { FailureAlert } from '../../components/FailureAlert';
import { ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { CHANNEL_LABELS } from './labels';

type Rules = RouterOutputs['messages']['reminders']['rules'];

const STAGE_LABELS: Record<TReminderStage, string> = {
  before: 'Before the due date',
  on: 'On the due date',
  after: 'After the due date (with the fine as of that day)',
};

/** On the fee plan screen: the batch's reminder rules, and a run of its reminders with the preview first. */
export function ReminderPanel({ depId, batchId }: { depId: number; batchId: number }) {
  const trpc = useTRPC();
  const rules = useQuery(trpc.messages.reminders.rules.queryOptions({ depId, batchId }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="reminders">
      <Title order={4} mb="sm">
        Reminders
      </Title>
      <ReportStates query={rules} refreshInPlace loadingLabel="Reading the reminders...">
        {(data) =>
          data.hasPlan ? (
            <Stack>
              <RulesForm depId={depId} data={data} />
              <RunPreview depId={depId} batchId={batchId} />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Save the plan first: reminders follow its due dates.
            </Text>
          )
        }
      </ReportStates>
    </Paper>
  );
}

function RulesForm({ depId, data }: { depId: number; data: Rules }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rules, setRules] = useState(data.rules);
  const save = useMutation(
    trpc.messages.reminders.saveRules.mutationOptions({
      onSuccess: (saved) =>
        queryClient.setQueryData(trpc.messages.reminders.rules.queryKey({ depId, batchId: data.batchId }), saved),
    }),
  );
  const change = (stage: TReminderStage, patch: Partial<Rules['rules'][number]>) =>
    setRules(rules.map((r) => (r.stage === stage ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {REMINDER_STAGE_NAMES.map((stage) => {
        const rule = rules.find((r) => r.stage === stage)!;
        return (
          <Group key={stage} gap="md" wrap="nowrap">
            <Checkbox
              label={STAGE_LABELS[stage]}
              checked={rule.enabled}
              onChange={(e) => change(stage, { enabled: e.currentTarget.checked })}
              style={{ flex: 1 }}
            />
            {stage !== 'on' && (
              <NumberInput
                aria-label={`Days ${stage} the due date`}
                suffix=" days"
                min={1}
                max={90}
                w={120}
                value={rule.days}
                onChange={(v) => change(stage, { days: typeof v === 'number' ? v : Number(v) || 0 })}
              />
            )}
          </Group>
        );
      })}
      <FailureAlert error={save.error} />
      <Group justify="flex-end">
        {save.isSuccess && (
          <Text size="sm" c="green">
            <IconCircleCheck size={14} /> Saved
          </Text>
        )}
        <Button
          variant="light"
          loading={save.isPending}
          onClick={() => save.mutate({ depId, batchId: data.batchId, rules })}
        >
          Save reminders
        </Button>
      </Group>
    </Stack>
  );
}

function RunPreview({ depId, batchId }: { depId: number; batchId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(todayIso());
  const [asked, setAsked] = useState<string | null>(null);
  const preview = useQuery(
    trpc.messages.reminders.preview.queryOptions({ depId, batchId, date: asked ?? date }, { enabled: asked !== null }),
  );
  const queue = useMutation(
    trpc.messages.reminders.queue.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.messages.reminders.preview.pathKey() }),
    }),
  );
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <DateField label="Reminders due on" value={date} onChange={setDate} />
        <Button
          variant="default"
          onClick={() => {
            queue.reset();
            if (asked === date) void preview.refetch();
            else setAsked(date);
          }}
        >
          Preview
        </Button>
      </Group>
      {asked !== null && (
        <ReportStates query={preview} refreshInPlace loadingLabel="Working out who is due...">
          {(p) => (
            <Stack gap="xs" data-testid="run-preview">
              <Text size="sm">
                {formatDate(p.date)}: {p.families} {p.families === 1 ? 'family' : 'families'} to remind
                {p.alreadyQueued > 0 ? `, ${p.alreadyQueued} reminded already that day` : ''}
                {p.optedOut > 0 ? `; ${p.optedOut} opted-out contact${p.optedOut === 1 ? '' : 's'} left out` : ''}
                {p.withoutContact > 0 ? `; ${p.withoutContact} without a contact` : ''}.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {p.channels.map((c) => (
                  <Paper key={c.channel} withBorder p="xs" radius="sm">
                    <Text size="xs" c="dimmed">
                      {CHANNEL_LABELS[c.channel]}
                    </Text>
                    <Text fw={600}>
                      {c.messages} message{c.messages === 1 ? '' : 's'}
                    </Text>
                    <Text size="xs">₹ {formatRupees(c.costPaise)}</Text>
                  </Paper>
                ))}
              </SimpleGrid>
              <Text size="sm" fw={600}>
                Cost: ₹ {formatRupees(p.totalCostPaise)}
              </Text>
              {p.sample.length > 0 && (
                <Table.ScrollContainer minWidth={600}>
                  <Table striped data-testid="run-families">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Stage</Table.Th>
                        <Table.Th>Children</Table.Th>
                        <Table.Th ta="right">Due</Table.Th>
                        <Table.Th>To</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.sample.map((f) => (
                        <Table.Tr key={`${f.stage}:${f.key}`}>
                          <Table.Td>{f.stage}</Table.Td>
                          <Table.Td>
                            {f.children.map((c) => (
                              <Text key={c.studentId} size="sm">
                                {c.name} ({c.admissionNo})
                              </Text>
                            ))}
                          </Table.Td>
                          <Table.Td ta="right">
                            {f.children.map((c) => (
                              <Text key={c.studentId} size="sm">
                                {formatRupees(c.amountPaise)}
                              </Text>
                            ))}
                          </Table.Td>
                          <Table.Td>
                            {f.recipients.map((r) => (
                              <Text key={`${r.channel}:${r.recipient}`} size="xs">
                                {CHANNEL_LABELS[r.channel]} {r.recipient}
                              </Text>
                            ))}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <FailureAlert error={queue.error} />
              {queue.data && (
                <Alert color="green" icon={<IconCircleCheck />} data-testid="run-queued">
                  {queue.data.queued} message{queue.data.queued === 1 ? '' : 's'} queued
                  {queue.data.alreadyQueued > 0 ? `; ${queue.data.alreadyQueued} were queued already` : ''}.
                </Alert>
              )}
              <Group justify="flex-end">
                <Button
                  disabled={p.families === 0}
                  loading={queue.isPending}
                  onClick={() => queue.mutate({ depId, batchId, date: p.date })}
                >
                  Queue reminders
                </Button>
              </Group>
            </Stack>
          )}
        </ReportStates>
      )}
    </Stack>
  );
}
