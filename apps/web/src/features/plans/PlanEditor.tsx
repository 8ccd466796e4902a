import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { parseRupeesToPaise } from '@fees/validation';
import { type HeadAmount, planDifferences } from '@fees/money';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { DateField } from '../../components/DateField';
import { FailureAlert } from '../../components/FailureAlert';
import { confirmDialog, deleteDialog } from '../../lib/dialogs';
import { formatRupees } from '../../lib/money';
import { serverFieldErrors, useTRPC } from '../../lib/trpc';
import { type BatchChoice, CopyPlan } from './CopyPlan';
import { FineRuleFields } from './FineRuleFields';
import { PlanGenerators } from './PlanGenerators';
import {
  emptyInstalment,
  fineFields,
  fineRuleOf,
  instalmentFields,
  type PlanFields,
  planInstalmentsOf,
} from './plan-form';
import type { BatchPlan } from './types';

const money = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const } };

/**
 * A batch's instalment plan: rows are instalments, columns the batch's fee heads; under them each
 * head's total against its fee structure and the difference. Saving waits until every difference
 * is zero (the server refuses such a plan too).
 */
export function PlanEditor({
  plan,
  batch,
  sameCourse,
}: {
  plan: BatchPlan;
  batch: BatchChoice;
  sameCourse: BatchChoice[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const heads: Array<HeadAmount & { feeHead: string }> = plan.heads;
  const form = useForm<PlanFields>({
    mode: 'controlled',
    initialValues: {
      fine: fineFields(plan.fineRule),
      instalments: plan.instalments.map((i) => instalmentFields(i, heads)),
    },
  });
  const rows = form.values.instalments;
  const draft = planInstalmentsOf(form.values, heads);
  const differences = planDifferences(
    heads,
    draft.map((d) => ({
      amounts: d.amounts.map((a) => ({ ...a, amountPaise: Number.isNaN(a.amountPaise) ? 0 : a.amountPaise })),
    })),
  );
  const unbalanced = differences.filter((d) => d.amountPaise !== 0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.plans.pathKey() });

  const save = useMutation(
    trpc.plans.save.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: `The plan of batch ${batch.name} is saved.` });
        void refresh();
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );
  const remove = useMutation(
    trpc.plans.remove.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: `Batch ${batch.name} has no plan now: its fees fall due on their start dates.`,
        });
        void refresh();
      },
    }),
  );

  const replaceInstalments = (next: PlanFields['instalments'], fine?: PlanFields['fine']) => {
    const apply = () => {
      form.setFieldValue('instalments', next);
      if (fine) form.setFieldValue('fine', fine);
    };
    if (rows.length > 0 && (plan.hasPlan || form.isDirty()))
      confirmDialog('Replace the instalments in the table?', apply);
    else apply();
  };

  const submit = form.onSubmit((values) =>
    save.mutate({
      depId: batch.departmentId,
      batchId: batch.id,
      version: plan.version,
      fineRule: fineRuleOf(values.fine),
      instalments: planInstalmentsOf(values, heads),
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <FailureAlert error={save.error} title="Not saved" />
        <FailureAlert error={remove.error} title="Not removed" />
        {!plan.hasPlan && (
          <Alert color="blue" variant="light">
            Batch {batch.name} has no plan yet: each fee falls due on its fee structure's start date, as below. Fill the
            table and save to make a plan.
          </Alert>
        )}

        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Fill the table
          </Title>
          <Stack gap="md">
            <PlanGenerators
              heads={heads}
              startDate={batch.startDate}
              onFill={(instalments) => replaceInstalments(instalments.map((i) => instalmentFields(i, heads)))}
            />
            <CopyPlan
              batch={batch}
              candidates={sameCourse}
              heads={heads}
              onCopy={(source) =>
                replaceInstalments(
                  source.instalments.map((i) => instalmentFields(i, heads)),
                  fineFields(source.fineRule),
                )
              }
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <FineRuleFields form={form} path="fine" label="Late fine (the plan's rule)" />
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Instalments
            </Title>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('instalments', emptyInstalment(heads, rows.length))}
            >
              Add instalment
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={640 + heads.length * 140}>
            <Table verticalSpacing={6} withTableBorder data-testid="plan-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={34}>#</Table.Th>
                  <Table.Th miw={170}>Instalment</Table.Th>
                  <Table.Th w={150}>Due date</Table.Th>
                  {heads.map((h) => (
                    <Table.Th key={h.feeHeadId} ta="right" miw={130}>
                      {h.feeHead}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right" w={120}>
                    Total
                  </Table.Th>
                  <Table.Th w={90}>Own fine</Table.Th>
                  <Table.Th w={44} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => (
                  <Fragment key={row.key}>
                    <Table.Tr style={{ verticalAlign: 'top' }}>
                      <Table.Td pt={14}>{i + 1}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Name of instalment ${i + 1}`}
                          {...form.getInputProps(`instalments.${i}.name`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <DateField
                          aria-label={`Due date of instalment ${i + 1}`}
                          {...form.getInputProps(`instalments.${i}.dueDate`)}
                        />
                      </Table.Td>
                      {heads.map((h) => (
                        <Table.Td key={h.feeHeadId}>
                          <TextInput
                            aria-label={`${h.feeHead} in instalment ${i + 1}`}
                            inputMode="decimal"
                            styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                            {...form.getInputProps(`instalments.${i}.amounts.${h.feeHeadId}`)}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td {...money} pt={14}>
                        {formatRupees(
                          heads.reduce(
                            (s, h) => s + (parseRupeesToPaise(row.amounts[String(h.feeHeadId)] ?? '') ?? 0),
                            0,
                          ),
                        )}
                      </Table.Td>
                      <Table.Td pt={14}>
                        <Checkbox
                          aria-label={`Own fine rule for instalment ${i + 1}`}
                          {...form.getInputProps(`instalments.${i}.override`, { type: 'checkbox' })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          aria-label={`Remove instalment ${i + 1}`}
                          onClick={() => form.removeListItem('instalments', i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                    {row.override && (
                      <Table.Tr>
                        <Table.Td />
                        <Table.Td colSpan={heads.length + 5} pb="md">
                          <FineRuleFields
                            form={form}
                            path={`instalments.${i}.fine`}
                            label={`Fine for ${row.name || `instalment ${i + 1}`}`}
                          />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={3}>Total of the instalments</Table.Td>
                  {heads.map((h) => {
                    const d = differences.find((x) => x.feeHeadId === h.feeHeadId)!;
                    return (
                      <Table.Td key={h.feeHeadId} {...money}>
                        {formatRupees(h.amountPaise - d.amountPaise)}
                      </Table.Td>
                    );
                  })}
                  <Table.Td {...money}>
                    {formatRupees(
                      heads.reduce((s, h) => s + h.amountPaise, 0) - differences.reduce((s, d) => s + d.amountPaise, 0),
                    )}
                  </Table.Td>
                  <Table.Td colSpan={2} />
                </Table.Tr>
                <Table.Tr>
                  <Table.Td colSpan={3}>Fee structure</Table.Td>
                  {heads.map((h) => (
                    <Table.Td key={h.feeHeadId} {...money}>
                      {formatRupees(h.amountPaise)}
                    </Table.Td>
                  ))}
                  <Table.Td {...money}>{formatRupees(heads.reduce((s, h) => s + h.amountPaise, 0))}</Table.Td>
                  <Table.Td colSpan={2} />
                </Table.Tr>
                <Table.Tr data-testid="plan-differences">
                  <Table.Td colSpan={3}>Difference</Table.Td>
                  {heads.map((h) => {
                    const d = differences.find((x) => x.feeHeadId === h.feeHeadId)!.amountPaise;
                    return (
                      <Table.Td
                        key={h.feeHeadId}
                        {...money}
                        c={d === 0 ? 'teal.8' : 'red.8'}
                        fw={600}
                        data-testid={`difference-${h.feeHeadId}`}
                      >
                        {d === 0 ? 'OK' : `${d > 0 ? 'short ' : 'over '}${formatRupees(Math.abs(d))}`}
                      </Table.Td>
                    );
                  })}
                  <Table.Td colSpan={3} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="xs">
            When a head's fee structure amount changes later, the difference goes to that head's last instalment.
          </Text>
        </Paper>

        {unbalanced.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle />} role="status">
            The instalments must add up to the fee structure for every head before the plan can be saved:{' '}
            {unbalanced
              .map(
                (d) =>
                  `${heads.find((h) => h.feeHeadId === d.feeHeadId)!.feeHead} ` +
                  `${d.amountPaise > 0 ? 'short by' : 'over by'} ${formatRupees(Math.abs(d.amountPaise))}`,
              )
              .join(', ')}
            .
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            disabled={unbalanced.length > 0 || rows.length === 0}
          >
            Save plan
          </Button>
          {plan.hasPlan && (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleteDialog(
                  `Remove the plan of batch ${batch.name}? Its fees then fall due on their start dates.`,
                  () => remove.mutate({ depId: batch.departmentId, batchId: batch.id, version: plan.version }),
                )
              }
            >
              Remove plan
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
