import { Badge, Group, List, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate } from '../lib/dates';
import { formatRupees } from '../lib/money';
import { type RouterOutputs, useTRPC } from '../lib/trpc';
import { FailureAlert } from './FailureAlert';
import './report-table.css';
import { WaiveFineButton } from './WaiveFineButton';

/** A student's dues as of a date (plans.studentDues; the receipt entry gets the same without the waivers). */
export type StudentDues = Omit<RouterOutputs['plans']['studentDues'], 'waivers'>;

const money = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const } };

/** Under an instalment's name: when it falls due, and how late it is when it is. */
function DueLine({ dueDate, daysLate }: { dueDate: string; daysLate: number }) {
  // Each part keeps to one line; the parts wrap apart, so a narrow screen's first column stays narrow.
  return (
    <Text span display="block" fz="xs" c="dimmed">
      <span style={{ whiteSpace: 'nowrap' }}>due {formatDate(dueDate)}</span>
      {daysLate > 0 && (
        <Text span inherit c="red.8" style={{ whiteSpace: 'nowrap' }}>
          {' '}
          · {daysLate} d late
        </Text>
      )}
    </Text>
  );
}

/**
 * A student's instalments as of a date (each with its due date and days late under its name, then its
 * outstanding and fine: three columns, so a phone shows every amount whole without scrolling), then the
 * fine accrued, paid and waived, and the total to collect. Shown at the counter, in Fees Info and on the
 * statement.
 */
export function InstalmentDues({
  dues,
  compact = false,
  fineAction,
}: {
  dues: StudentDues;
  compact?: boolean;
  fineAction?: ReactNode;
}) {
  const { fine } = dues;
  return (
    <Table.ScrollContainer minWidth={300} type="native" tabIndex={0}>
      <Table
        className="report-table"
        striped
        withTableBorder
        horizontalSpacing={compact ? 6 : 'xs'}
        verticalSpacing={compact ? 4 : 'xs'}
        fz={compact ? 'xs' : 'sm'}
        data-testid="instalment-dues"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Instalment</Table.Th>
            <Table.Th ta="right">Outstanding</Table.Th>
            <Table.Th ta="right">Fine</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dues.instalments.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                {i.name}
                <DueLine dueDate={i.dueDate} daysLate={i.daysLate} />
              </Table.Td>
              <Table.Td
                {...money}
                c={
                  i.outstanding > 0 ? (i.daysLate > 0 ? 'red.8' : undefined) : i.outstanding < 0 ? 'orange.8' : 'teal.8'
                }
              >
                {formatRupees(i.outstanding)}
              </Table.Td>
              <Table.Td {...money}>{i.fine > 0 ? formatRupees(i.fine) : ''}</Table.Td>
            </Table.Tr>
          ))}
          {dues.upcoming.map((i) => (
            <Table.Tr key={i.id} c="dimmed">
              <Table.Td>
                {i.name}
                <DueLine dueDate={i.dueDate} daysLate={0} />
              </Table.Td>
              <Table.Td {...money}>{formatRupees(i.outstanding)}</Table.Td>
              <Table.Td ta="right">not yet due</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td fw={700}>Due till {formatDate(dues.asOf)}</Table.Td>
            <Table.Td {...money} fw={700}>
              {formatRupees(dues.outstanding)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
          <Table.Tr>
            <Table.Td colSpan={2}>
              <Group gap={6} wrap="wrap">
                <Text span inherit fw={700}>
                  Fine outstanding
                </Text>
                {(fine.paid > 0 || fine.waived > 0) && (
                  <Text span inherit c="dimmed">
                    ({formatRupees(fine.accrued)} accrued
                    {fine.paid > 0 ? `, ${formatRupees(fine.paid)} paid` : ''}
                    {fine.waived > 0 ? `, ${formatRupees(fine.waived)} waived` : ''})
                  </Text>
                )}
                {fineAction}
              </Group>
            </Table.Td>
            <Table.Td {...money} fw={700} c={fine.outstanding > 0 ? 'red.8' : undefined} data-testid="fine-outstanding">
              {formatRupees(fine.outstanding)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td colSpan={2} fw={700}>
              {/* The date under the words: on a phone the row stays as narrow as the amounts. */}
              <Stack gap={2} align="flex-start">
                To collect
                <Badge size="xs" variant="light" color="gray">
                  as of {formatDate(dues.asOf)}
                </Badge>
              </Stack>
            </Table.Td>
            <Table.Td {...money} fw={700} data-testid="to-collect">
              {formatRupees(dues.toCollect)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A student's instalments and fines as of today, with the admin's Waive on the fine (Fees Info, the statement). */
export function StudentInstalments({ depId, studentId }: { depId: number; studentId: number }) {
  const trpc = useTRPC();
  const dues = useQuery({ ...trpc.plans.studentDues.queryOptions({ depId, studentId }), staleTime: 0 });
  if (dues.isPending) return <Loader size="sm" />;
  if (dues.isError) return <FailureAlert error={dues.error} title="Instalments not available" />;
  return (
    <Stack gap="xs">
      <InstalmentDues
        dues={dues.data}
        fineAction={
          <WaiveFineButton depId={depId} studentId={studentId} outstandingPaise={dues.data.fine.outstanding} />
        }
      />
      {dues.data.waivers.length > 0 && (
        <List size="sm" data-testid="fine-waivers">
          {dues.data.waivers.map((w) => (
            <List.Item key={w.id}>
              Fine of {formatRupees(w.amountPaise)} waived on {formatDate(w.date)}
              {w.byEmail ? ` by ${w.byEmail}` : ''}: {w.reason}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
