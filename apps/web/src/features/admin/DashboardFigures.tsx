import { Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { PAYMENT_MODE_LABELS } from '@fees/validation';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { departmentById } from '../../lib/departments';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { reportPaths } from '../reports/paths';

type Dashboard = RouterOutputs['admin']['dashboard'];
type Figures = Dashboard['figures']['overall'];
type Defaulters = RouterOutputs['admin']['defaultersSummary']['overall'];

const rangeQuery = (period: { from: string; to: string }) => `?from=${period.from}&to=${period.to}`;

function Amount({ paise, to, label }: { paise: number; to: string | null; label: string }) {
  const text = `₹ ${formatRupees(paise)}`;
  // The link's name holds its visible amount, so a voice user can say what they see.
  return to ? (
    <Anchor
      component={Link}
      to={to}
      aria-label={`${label}: ${text}`}
      ff="monospace"
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </Anchor>
  ) : (
    <Text ff="monospace" size="sm" aria-label={label} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );
}

/**
 * Per department and in all: collected today, this month and this academic year, dues outstanding,
 * defaulters with their overdue amount, and the year's mode mix; each figure opens the report it comes
 * from (the whole foundation's row opens the reports of every department where one exists).
 */
export function DashboardFigures({ dashboard }: { dashboard: Dashboard | undefined }) {
  const trpc = useTRPC();
  const defaulters = useQuery(trpc.admin.defaultersSummary.queryOptions());
  if (!dashboard) return <Skeleton h={260} />;
  const { periods, figures } = dashboard;
  const defaultersOf = new Map((defaulters.data?.departments ?? []).map((d) => [d.depId, d]));

  const row = (key: string, name: string, f: Figures, d: Defaulters | undefined, depId: number | null): ReactNode => {
    const department = depId === null ? undefined : departmentById(depId);
    const paths = department ? reportPaths(department, true) : null;
    return (
      <Table.Tr key={key} data-testid={`figures-${key}`}>
        <Table.Td fw={600}>{name}</Table.Td>
        <Table.Td>
          <Amount paise={f.todayPaise} to="/admin/daybook" label={`${name} collected today`} />
        </Table.Td>
        <Table.Td>
          <Amount
            paise={f.monthPaise}
            to={`/admin/collections${rangeQuery(periods.month)}`}
            label={`${name} collected ${periods.month.label}`}
          />
        </Table.Td>
        <Table.Td>
          <Amount
            paise={f.yearPaise}
            to={`/admin/collections${rangeQuery(periods.year)}`}
            label={`${name} collected ${periods.year.label}`}
          />
        </Table.Td>
        <Table.Td>
          <Amount
            paise={f.duesOutstandingPaise}
            to={paths ? `${paths.dues}?course=all` : null}
            label={`${name} dues outstanding`}
          />
        </Table.Td>
        <Table.Td>
          {d ? (
            paths ? (
              <Anchor component={Link} to={paths.defaulters} size="sm" aria-label={`${name} defaulters: ${d.count}`}>
                {d.count}
              </Anchor>
            ) : (
              <Text size="sm" aria-label={`${name} defaulters`}>
                {d.count}
              </Text>
            )
          ) : (
            <Skeleton h={14} w={30} />
          )}
        </Table.Td>
        <Table.Td>
          {d ? (
            <Amount paise={d.overduePaise} to={paths?.defaulters ?? null} label={`${name} overdue`} />
          ) : (
            <Skeleton h={14} w={80} />
          )}
        </Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/admin/collections${rangeQuery(periods.year)}`} size="xs" c="dimmed">
            {f.modeMix.length === 0
              ? 'None'
              : f.modeMix.map((m) => `${PAYMENT_MODE_LABELS[m.mode]} ${formatRupees(m.netPaise)}`).join(' · ')}
          </Anchor>
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <Paper withBorder radius="md">
      <Title order={2} size="h4" p="md" pb={0}>
        Collections and dues
      </Title>
      {defaulters.isError && (
        <Text c="red" size="sm" px="md" role="alert">
          The defaulters could not be counted. Reload the page to try again.
        </Text>
      )}
      <Table.ScrollContainer minWidth={980}>
        <Table striped verticalSpacing="xs" horizontalSpacing="md" mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Department</Table.Th>
              <Table.Th>Today {formatDate(periods.today.from)}</Table.Th>
              <Table.Th>{periods.month.label}</Table.Th>
              <Table.Th>{periods.year.label}</Table.Th>
              <Table.Th>Dues outstanding</Table.Th>
              <Table.Th>Defaulters</Table.Th>
              <Table.Th>Overdue</Table.Th>
              <Table.Th>Mode mix {periods.year.label}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {figures.departments.map((f) =>
              row(
                String(f.depId),
                departmentById(f.depId)?.shortName ?? f.depName,
                f,
                defaultersOf.get(f.depId),
                f.depId,
              ),
            )}
            {row('all', 'All departments', figures.overall, defaulters.data?.overall, null)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
