import { BarChart } from '@mantine/charts';
import { Anchor, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { departmentById } from '../../lib/departments';
import { formatRupees } from '../../lib/money';
import type { RouterOutputs } from '../../lib/trpc';
import { reportPaths } from '../reports/paths';

type Figures = RouterOutputs['admin']['dashboard']['figures'];

/** Whole per cent collected of a demand (0 when nothing is demanded). */
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 100) / whole) : 0);

/**
 * Collection against demand: per department, the fees its students owe in all (fee less discounts, the
 * dues report's figures) split into what was collected, what the students still owe and what sponsors
 * still owe for them (shown only when some sponsor does), as one bar each, with the share collected in its
 * label. Each department's name opens its dues report over every course.
 */
export function DemandChart({ figures }: { figures: Figures | undefined }) {
  if (!figures) return <Skeleton h={300} />;
  const rows = [...figures.departments, { ...figures.overall, depId: 0, depName: 'All departments' }].map((f) => {
    const name = f.depId === 0 ? 'All' : (departmentById(f.depId)?.shortName ?? f.depName);
    return {
      depId: f.depId,
      name,
      label: `${name} ${percentOf(f.demandCollectedPaise, f.demandPaise)}%`,
      collected: f.demandCollectedPaise / 100,
      outstanding: f.duesOutstandingPaise / 100,
      sponsors: f.sponsorsOwePaise / 100,
      demandPaise: f.demandPaise,
      collectedPaise: f.demandCollectedPaise,
    };
  });
  const series = [
    { name: 'collected', label: 'Collected', color: 'teal.6' },
    { name: 'outstanding', label: 'Outstanding', color: 'orange.5' },
    ...(figures.overall.sponsorsOwePaise > 0
      ? [{ name: 'sponsors', label: 'Expected from sponsors', color: 'grape.4' }]
      : []),
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid="demand-chart">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Collection against demand
        </Title>
        <Text c="dimmed" size="sm">
          Fees less discounts of every student: collected and outstanding
          {series.length > 2 ? ', and what sponsors are yet to pay' : ''} (₹)
        </Text>
      </Group>
      <BarChart
        h={48 * rows.length + 40}
        data={rows}
        dataKey="label"
        orientation="vertical"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(value) => formatRupees(Math.round(value * 100))}
        yAxisProps={{ width: 112 }}
        xAxisProps={{ hide: true }}
        series={series}
      />
      <Group gap="md" mt="xs">
        {rows
          .filter((r) => r.depId !== 0)
          .map((r) => {
            const department = departmentById(r.depId);
            return department ? (
              <Anchor
                key={r.depId}
                component={Link}
                to={`${reportPaths(department, true).dues}?course=all`}
                size="xs"
                aria-label={
                  `${r.name} dues: ₹ ${formatRupees(r.collectedPaise)} collected ` +
                  `of ₹ ${formatRupees(r.demandPaise)}`
                }
              >
                {r.name} dues
              </Anchor>
            ) : null;
          })}
      </Group>
    </Paper>
  );
}
