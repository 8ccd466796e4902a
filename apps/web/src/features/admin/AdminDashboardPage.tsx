import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingCommunity,
  IconCalendarMonth,
  IconDatabaseExclamation,
  IconSun,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEPARTMENTS } from '../../lib/departments';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { PendingApprovalsOfAll } from '../approvals/PendingApprovals';
import { DashboardFigures } from './DashboardFigures';
import { DemandChart } from './DemandChart';

const COLORS: Record<number, string> = {
  100: 'indigo.6',
  101: 'teal.6',
  102: 'orange.6',
  103: 'grape.6',
  104: 'cyan.6',
  105: 'pink.6',
};

type Dashboard = RouterOutputs['admin']['dashboard'];
type CardTotals = Pick<Dashboard['departments'][number], 'totalPaise'> &
  Pick<Dashboard['figures']['departments'][number], 'todayPaise' | 'monthPaise'>;

/** Chart keys without dots: recharts reads 'D.El.Ed' as a nested path. */
const seriesKey = (depId: number) => `dep${depId}`;

const ZERO: CardTotals = { totalPaise: 0, todayPaise: 0, monthPaise: 0 };

function DepartmentCard({
  department,
  totals,
  loading,
}: {
  department: (typeof DEPARTMENTS)[number];
  totals: CardTotals;
  loading: boolean;
}) {
  const amount = (paise: number, size: string) =>
    loading ? (
      <Skeleton h={size === 'xl' ? 28 : 16} w={size === 'xl' ? 160 : 80} mt={4} />
    ) : (
      <Text fz={size} fw={700}>
        ₹ {formatRupees(paise)}
      </Text>
    );
  return (
    <Paper withBorder p="md" radius="md" aria-label={`${department.shortName} collections`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={700} size="lg">
            {department.shortName}
          </Text>
          <Text c="dimmed" size="xs">
            {department.name}
          </Text>
        </div>
        <ThemeIcon variant="light" color={COLORS[department.id]!.split('.')[0]} size="lg" radius="md">
          <IconBuildingCommunity size={20} />
        </ThemeIcon>
      </Group>
      <Text c="dimmed" size="xs" tt="uppercase" fw={600} mt="md">
        Total
      </Text>
      {amount(totals.totalPaise, 'xl')}
      <SimpleGrid cols={2} mt="sm" spacing="xs">
        <div>
          <Group gap={4} c="dimmed">
            <IconSun size={14} />
            <Text size="xs">Today</Text>
          </Group>
          {amount(totals.todayPaise, 'sm')}
        </div>
        <div>
          <Group gap={4} c="dimmed">
            <IconCalendarMonth size={14} />
            <Text size="xs">This month</Text>
          </Group>
          {amount(totals.monthPaise, 'sm')}
        </div>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * /admin: the six departments' collections (all live receipts, today, this month), their figures per period
 * with dues and defaulters (DashboardFigures), the last 30 days as a chart, and the admin accounts; first a
 * warning when the automatic backups need attention, and one when fee structure rows charge a head that has its
 * own rule (left by older versions). Loading shows until the totals arrive; if they fail the cards stay at 0.00
 * without a message.
 */
export default function AdminDashboardPage() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.admin.dashboard.queryOptions());
  const loading = dashboard.isLoading;
  const periods = new Map((dashboard.data?.figures.departments ?? []).map((d) => [d.depId, d]));
  const byDepartment = new Map(
    (dashboard.data?.departments ?? []).map((d) => [d.depId, { ...ZERO, ...periods.get(d.depId), ...d }]),
  );
  const chartData = (dashboard.data?.days ?? []).map((day) => ({
    day: formatDate(day.date).slice(0, 5),
    ...Object.fromEntries(DEPARTMENTS.map((d) => [seriesKey(d.id), (day.byDepartment[d.id] ?? 0) / 100])),
  }));

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={
          dashboard.data
            ? `Collections on live receipts, GST included · today is ${formatDate(dashboard.data.today)}`
            : 'Collections on live receipts'
        }
      />
      <Stack gap="lg">
        {dashboard.data && dashboard.data.backupWarnings.length > 0 && (
          <Alert color="orange" icon={<IconDatabaseExclamation />} title="Backups need attention" role="alert">
            <Stack gap={4}>
              {dashboard.data.backupWarnings.map((warning) => (
                <Text size="sm" key={warning}>
                  {warning}
                </Text>
              ))}
              <Anchor component={Link} to="/admin/backup" size="sm">
                Open Backup Database
              </Anchor>
            </Stack>
          </Alert>
        )}
        {dashboard.data && dashboard.data.structureWarnings.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle />} title="Fee structures need attention" role="alert">
            <Stack gap={4}>
              {dashboard.data.structureWarnings.map((warning) => (
                <Text size="sm" key={warning}>
                  {warning}
                </Text>
              ))}
              <Anchor component={Link} to="/admin/feelist" size="sm">
                Open Fee structures
              </Anchor>
            </Stack>
          </Alert>
        )}
        <PendingApprovalsOfAll />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {DEPARTMENTS.map((d) => (
            <DepartmentCard key={d.id} department={d} totals={byDepartment.get(d.id) ?? ZERO} loading={loading} />
          ))}
        </SimpleGrid>

        <DashboardFigures dashboard={dashboard.data} />

        <DemandChart figures={dashboard.data?.figures} />

        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="md">
            <Title order={2} size="h4">
              Last 30 days
            </Title>
            <Text c="dimmed" size="sm">
              Daily collections per department (₹)
            </Text>
          </Group>
          {loading ? (
            <Skeleton h={280} />
          ) : (
            <BarChart
              h={280}
              data={chartData}
              dataKey="day"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              valueFormatter={(value) => formatRupees(Math.round(value * 100))}
              // Wide enough for a lakh with its paise on the axis.
              yAxisProps={{ width: 96 }}
              series={DEPARTMENTS.map((d) => ({ name: seriesKey(d.id), label: d.shortName, color: COLORS[d.id]! }))}
            />
          )}
        </Paper>

        <Paper withBorder radius="md">
          <Group justify="space-between" p="md" pb={0}>
            <Title order={2} size="h4">
              List of Admins
            </Title>
            <Anchor component={Link} to="/admin/adm" size="sm">
              Manage
            </Anchor>
          </Group>
          <Table.ScrollContainer minWidth={420}>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" mt="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>#</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th w={160}>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!loading && (dashboard.data?.admins ?? []).length === 0 && <NoDataRow colSpan={3} />}
                {dashboard.data?.admins.map((a, i) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>
                      {a.username}
                      <Badge ml="xs" size="xs" variant="light" color="grape">
                        Admin
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/admin/adm/edt/${a.id}/${encodeURIComponent(a.username)}`}
                        size="sm"
                      >
                        Change password
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Stack>
    </>
  );
}
