import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ReportStates } from '../../components/ReportStates';
import { formatDate } from '../../lib/dates';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type Enrolment = RouterOutputs['students']['enrolments'][number];

const STATUS_LABELS: Record<Enrolment['status'], { label: string; color: string }> = {
  open: { label: 'Current', color: 'teal' },
  promoted: { label: 'Promoted', color: 'blue' },
  transferred: { label: 'Transferred', color: 'gray' },
  left: { label: 'Left', color: 'orange' },
};

/** The student page's Enrolments section: every batch the student has been in, oldest first. */
export function StudentEnrolments({ depId, studentId }: { depId: number; studentId: number }) {
  const trpc = useTRPC();
  const enrolments = useQuery(trpc.students.enrolments.queryOptions({ depId, id: studentId }));
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" data-testid="student-enrolments">
      <Title order={2} size="h4" mb="sm">
        Enrolments
      </Title>
      <ReportStates
        query={enrolments}
        loadingLabel="Loading enrolments..."
        errorTitle="The enrolments could not be loaded"
        refreshInPlace
        empty={(list) => list.length === 0 && { icon: <IconSchool size={32} />, title: 'No enrolment recorded' }}
      >
        {(list) => (
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Batch</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    {e.courseName} · {e.batchName}
                  </Table.Td>
                  <Table.Td>{formatDate(e.fromDate)}</Table.Td>
                  <Table.Td>{e.toDate === null ? '' : formatDate(e.toDate)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_LABELS[e.status].color}>
                      {STATUS_LABELS[e.status].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ReportStates>
      <Text size="xs" c="dimmed" mt="xs">
        Changing the batch above records a transfer on the date you give: this list keeps the batch the student left.
      </Text>
    </Paper>
  );
}
