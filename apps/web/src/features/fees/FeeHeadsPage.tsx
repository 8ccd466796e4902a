import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { SPECIAL_HEADS, ZCreateFeeHeadInput } from '@fees/validation';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { DeleteFailedAlert, RowActions } from '../../components/RowActions';
import { errorMessage, serverFieldErrors, useTRPC } from '../../lib/trpc';
import { gstSummary } from './GstFields';

function RenameRow({ id, name, onDone }: { id: number; name: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name },
    validate: schemaResolver(ZCreateFeeHeadInput, { sync: true }),
  });
  const rename = useMutation(
    trpc.fees.heads.rename.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.Message });
        void queryClient.invalidateQueries({ queryKey: trpc.fees.pathKey() });
        onDone();
      },
      onError: (error) => form.setErrors({ name: serverFieldErrors(error).name ?? errorMessage(error) }),
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => rename.mutate({ id, ...values }))} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={`New name for ${name}`}
          size="xs"
          autoFocus
          style={{ flex: 1 }}
          {...form.getInputProps('name')}
        />
        <ActionIcon type="submit" variant="light" color="green" aria-label="Save name" loading={rename.isPending}>
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" aria-label="Cancel rename" onClick={onDone}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </form>
  );
}

/**
 * /admin/feeheads: the heads receipts and fee structures choose from, with their GST (set on the fee structure
 * screen). Heads in use cannot be deleted.
 */
export default function FeeHeadsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const heads = useQuery(trpc.fees.heads.list.queryOptions());
  const [renaming, setRenaming] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.fees.pathKey() });

  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: schemaResolver(ZCreateFeeHeadInput, { sync: true }),
  });
  const create = useMutation(
    trpc.fees.heads.create.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.Message });
        form.reset();
        void refresh();
      },
      onError: (error) => form.setErrors({ name: serverFieldErrors(error).name ?? errorMessage(error) }),
    }),
  );
  const remove = useMutation(
    trpc.fees.heads.remove.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.Message });
        void refresh();
      },
    }),
  );

  return (
    <>
      <PageHeader title="Fee heads" subtitle="The heads fee structures, discounts and receipts are charged under" />
      <Stack maw={760}>
        <Paper withBorder p="md" radius="md">
          <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
            <Group align="flex-start">
              <TextInput
                label="New fee head"
                placeholder="e.g. Seminar Fee"
                style={{ flex: 1 }}
                {...form.getInputProps('name')}
              />
              <Button type="submit" mt={24} leftSection={<IconPlus size={16} />} loading={create.isPending}>
                Add
              </Button>
            </Group>
          </form>
        </Paper>
        <DeleteFailedAlert mutation={remove} />
        <ReportStates
          query={heads}
          refreshInPlace
          loadingLabel="Loading fee heads..."
          errorTitle="The fee heads could not be loaded"
        >
          {() => (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={640}>
                <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={50}>#</Table.Th>
                      <Table.Th>Fee head</Table.Th>
                      <Table.Th w={190}>GST</Table.Th>
                      <Table.Th w={150}>Used by</Table.Th>
                      <Table.Th w={110}>Action</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {heads.data?.length === 0 && <NoDataRow colSpan={5} />}
                    {heads.data?.map((head, i) => (
                      <Table.Tr key={head.id}>
                        <Table.Td>{i + 1}</Table.Td>
                        <Table.Td>
                          {renaming === head.id ? (
                            <RenameRow id={head.id} name={head.name} onDone={() => setRenaming(null)} />
                          ) : (
                            head.name
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={head.gstTreatment === 'exempt' ? 'dimmed' : undefined}>
                            {gstSummary(head)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {head.batchCount > 0 ? (
                            <Badge variant="light">
                              {head.batchCount} batch{head.batchCount === 1 ? '' : 'es'}
                            </Badge>
                          ) : head.inUse ? (
                            <Badge variant="light" color="gray">
                              in use
                            </Badge>
                          ) : SPECIAL_HEADS.includes(head.name) ? (
                            // A head charged by its own rule is never on a fee structure, yet it is used.
                            <Badge variant="light" color="grape">
                              system head
                            </Badge>
                          ) : (
                            <Text c="dimmed" size="sm">
                              unused
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <RowActions
                            edit={{ label: `Rename ${head.name}`, tip: 'Rename', onClick: () => setRenaming(head.id) }}
                            remove={{
                              label: `Delete ${head.name}`,
                              question: `Delete the fee head ${head.name}?`,
                              onConfirm: () => remove.mutate({ id: head.id }),
                              refused: head.inUse
                                ? 'In use by fee structures, discounts or receipts: it cannot be deleted'
                                : undefined,
                            }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </ReportStates>
      </Stack>
    </>
  );
}
