import { Anchor, Badge, Group, Paper, SimpleGrid, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarDollar, IconReceipt2, IconUserCog, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { FindStudent } from '../receipts/FindStudent';
import { courseListPath } from './links';
import { PendingApprovals } from '../approvals/PendingApprovals';

function TotalCard({
  label,
  paise,
  icon,
  color,
  note,
}: {
  label: string;
  paise: number;
  icon: ReactNode;
  color: string;
  note?: string;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={700} mt={4} data-testid={`card-${label}`}>
            ₹ {formatRupees(paise)}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The department home: Find student, three cards and the 'List of Admission' per course. */
export default function DepartmentDashboardPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.students.dashboard.queryOptions({ depId: department.id }));
  if (dashboard.isPending) return <PageLoader />;
  // A failed load leaves the totals at 0.
  const d = dashboard.data ?? { date: '', adminTotalPaise: 0, todayTotalPaise: 0, salaryTotalPaise: 0, admissions: [] };
  const total = d.admissions.reduce((n, a) => n + a.totalAdmissions, 0);

  return (
    <>
      <PageHeader title="Dashboard" subtitle={department.name} />
      <FindStudent />
      <PendingApprovals depId={department.id} approvalsPath={`/${department.prefix}/approvals`} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="xl">
        <TotalCard label="Admin total" paise={d.adminTotalPaise} icon={<IconUserCog size={24} />} color="gray" />
        <TotalCard
          label="Today total"
          paise={d.todayTotalPaise}
          icon={<IconReceipt2 size={24} />}
          color="teal"
          note={d.date ? `Receipts of ${formatDate(d.date)}` : undefined}
        />
        <TotalCard label="Salary total" paise={d.salaryTotalPaise} icon={<IconWallet size={24} />} color="gray" />
      </SimpleGrid>

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <IconCalendarDollar size={20} />
            <Title order={2} size="h4">
              List of Admission
            </Title>
          </Group>
          <Badge variant="light" size="lg">
            {total} student{total === 1 ? '' : 's'}
          </Badge>
        </Group>
        <Table.ScrollContainer minWidth={340}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="List of Admission">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>#</Table.Th>
                <Table.Th>Course</Table.Th>
                <Table.Th ta="right">Admissions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.admissions.map((a, i) => (
                <Table.Tr key={a.courseId}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={courseListPath(department, { id: a.courseId, name: a.course })}>
                      {a.course}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {a.totalAdmissions}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
