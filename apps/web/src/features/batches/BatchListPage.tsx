import { Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowBigUpLines, IconBuildingBank, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useListDepartment } from '../../lib/list-department';
import { useTRPC } from '../../lib/trpc';
import { DepartmentSelect, departmentName } from '../../components/DepartmentSelect';
import { idOf } from '../../lib/ids';

/** /admin/batchedt: choose a department, see its batches; the department stays in the URL. */
export default function BatchListPage() {
  const trpc = useTRPC();
  const [depId, setDepId] = useListDepartment();
  const batches = useQuery(trpc.batches.list.queryOptions({ depId: idOf(depId) ?? 0 }, { enabled: depId !== '' }));
  const depName = departmentName(depId);

  return (
    <>
      <PageHeader
        title="Batches"
        subtitle="Each batch belongs to one course of a department"
        actions={
          <>
            <Button
              component={Link}
              variant="default"
              to={depId ? `/admin/promote?depId=${depId}` : '/admin/promote'}
              leftSection={<IconArrowBigUpLines size={16} />}
            >
              Promote students
            </Button>
            <Button
              component={Link}
              to={depId ? `/admin/batch?depId=${depId}` : '/admin/batch'}
              state={{ depId, depName }}
              leftSection={<IconPlus size={16} />}
            >
              New
            </Button>
          </>
        }
      />
      <Stack>
        <Paper withBorder p="md" radius="md" maw={420}>
          <DepartmentSelect value={depId || null} onChange={setDepId} />
        </Paper>
        {!depId ? (
          <EmptyState
            reason={{
              icon: <IconBuildingBank />,
              title: 'Choose a department',
              text: 'Choose a department to see its batches.',
            }}
          />
        ) : (
          <ReportStates
            query={batches}
            refreshInPlace
            loadingLabel="Loading batches..."
            errorTitle="The batches could not be loaded"
          >
            {(list) => (
              <Paper withBorder radius="md">
                <Table.ScrollContainer minWidth={720}>
                  <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>#</Table.Th>
                        <Table.Th>Course</Table.Th>
                        <Table.Th>Batch</Table.Th>
                        <Table.Th>From</Table.Th>
                        <Table.Th>To</Table.Th>
                        <Table.Th ta="right">Students</Table.Th>
                        <Table.Th ta="right">Fee per student</Table.Th>
                        <Table.Th className="no-print">Action</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.length === 0 && <NoDataRow colSpan={8} />}
                      {list.map((b, i) => (
                        <Table.Tr key={b.id}>
                          <Table.Td>{i + 1}</Table.Td>
                          <Table.Td>{b.courseName}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" size="lg" radius="sm">
                              {b.name}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{formatDate(b.startDate)}</Table.Td>
                          <Table.Td>{formatDate(b.endDate)}</Table.Td>
                          <Table.Td ta="right">{b.studentCount}</Table.Td>
                          <Table.Td ta="right">
                            {b.feeTotalPaise > 0 ? (
                              formatRupees(b.feeTotalPaise)
                            ) : (
                              <Text c="dimmed" span size="sm">
                                not set
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td className="no-print">
                            <Button
                              component={Link}
                              to={`/admin/bedit?${new URLSearchParams({ batchId: String(b.id), depId, depName })}`}
                              variant="subtle"
                              size="compact-sm"
                              leftSection={<IconPencil size={14} />}
                              aria-label={`Edit batch ${b.name} of ${b.courseName}`}
                            >
                              Edit
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            )}
          </ReportStates>
        )}
      </Stack>
    </>
  );
}
