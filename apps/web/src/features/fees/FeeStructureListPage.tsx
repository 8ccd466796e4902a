import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingBank, IconListDetails, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { DeleteFailedAlert, RowActions } from '../../components/RowActions';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useListDepartment } from '../../lib/list-department';
import { useTRPC } from '../../lib/trpc';
import { DepartmentSelect, departmentName } from '../../components/DepartmentSelect';
import { idOf } from '../../lib/ids';

/** /admin/feelist: a department's fee structures, one table per batch with its total. */
export default function FeeStructureListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [depId, setDepId] = useListDepartment();
  const depName = departmentName(depId);
  const structures = useQuery(
    trpc.fees.structures.list.queryOptions({ depId: idOf(depId) ?? 0 }, { enabled: depId !== '' }),
  );
  const remove = useMutation(
    trpc.fees.structures.remove.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.Message });
        void queryClient.invalidateQueries({ queryKey: trpc.fees.pathKey() });
      },
    }),
  );

  type Row = NonNullable<typeof structures.data>[number];
  const groups: Array<{ batchId: number; rows: Row[] }> = [];
  for (const row of structures.data ?? []) {
    const last = groups.at(-1);
    if (last?.batchId === row.batchId) last.rows.push(row);
    else groups.push({ batchId: row.batchId, rows: [row] });
  }

  return (
    <>
      <PageHeader
        title="Fee structures"
        subtitle="The fee heads and amounts charged to each batch"
        actions={
          <Button
            component={Link}
            to={depId ? `/admin/fhead?depId=${depId}` : '/admin/fhead'}
            state={{ depId, depName }}
            leftSection={<IconPlus size={16} />}
          >
            New
          </Button>
        }
      />
      <Stack>
        <Paper withBorder p="md" radius="md" maw={420} className="no-print">
          <DepartmentSelect value={depId || null} onChange={setDepId} />
        </Paper>
        <DeleteFailedAlert mutation={remove} />
        {!depId ? (
          <EmptyState
            reason={{
              icon: <IconBuildingBank />,
              title: 'Choose a department',
              text: 'Choose a department to see its fee structures.',
            }}
          />
        ) : (
          <ReportStates
            query={structures}
            refreshInPlace
            loadingLabel="Loading fee structures..."
            errorTitle="The fee structures could not be loaded"
            empty={(list) =>
              list.length === 0 && {
                icon: <IconListDetails />,
                title: 'No data available',
                text: `${depName} has no fee structures yet.`,
              }
            }
          >
            {() =>
              groups.map(({ batchId, rows }) => {
                const first = rows[0]!;
                return (
                  <Paper key={batchId} withBorder radius="md" data-testid={`batch-${batchId}`}>
                    <Group justify="space-between" px="md" pt="md" pb="xs">
                      <Group gap="sm">
                        <Title order={2} size="h4">
                          {first.courseName}
                        </Title>
                        <Badge variant="light" size="lg" radius="sm">
                          Batch {first.batchName}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {rows.length} fee head{rows.length === 1 ? '' : 's'}
                      </Text>
                    </Group>
                    <Table.ScrollContainer minWidth={640}>
                      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="md">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th w={50}>#</Table.Th>
                            <Table.Th>Fee head</Table.Th>
                            <Table.Th w={130}>From</Table.Th>
                            <Table.Th w={130}>To</Table.Th>
                            <Table.Th w={160} ta="right">
                              Amount
                            </Table.Th>
                            <Table.Th w={100} className="no-print">
                              Action
                            </Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {rows.map((s, i) => (
                            <Table.Tr key={s.id}>
                              <Table.Td>{i + 1}</Table.Td>
                              <Table.Td>
                                {s.feeHeadName}
                                {s.optional === 1 && (
                                  <Badge ml={6} size="xs" variant="light">
                                    optional
                                  </Badge>
                                )}
                              </Table.Td>
                              <Table.Td>{formatDate(s.startDate)}</Table.Td>
                              <Table.Td>{formatDate(s.endDate)}</Table.Td>
                              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                                {formatRupees(s.amountPaise)}
                              </Table.Td>
                              <Table.Td className="no-print">
                                <RowActions
                                  edit={{
                                    to: `/admin/fedit?${new URLSearchParams({
                                      id: String(s.id),
                                      depid: depId,
                                      depname: depName,
                                    })}`,
                                    label: `Edit ${s.feeHeadName} of batch ${s.batchName}`,
                                  }}
                                  remove={{
                                    label: `Delete ${s.feeHeadName} of batch ${s.batchName}`,
                                    question: `Remove ${s.feeHeadName} from batch ${s.batchName} of ${s.courseName}?`,
                                    onConfirm: () => remove.mutate({ id: s.id }),
                                  }}
                                />
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                        <Table.Tfoot>
                          <Table.Tr>
                            <Table.Th colSpan={4} ta="right">
                              Total:
                            </Table.Th>
                            <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                              {formatRupees(first.batchTotalPaise)}
                            </Table.Th>
                            <Table.Th className="no-print" />
                          </Table.Tr>
                        </Table.Tfoot>
                      </Table>
                    </Table.ScrollContainer>
                  </Paper>
                );
              })
            }
          </ReportStates>
        )}
      </Stack>
    </>
  );
}
