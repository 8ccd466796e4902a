import { Table, Text } from '@mantine/core';
import { formatRupees } from '../../lib/money';
import '../../components/report-table.css';
import type { FeeBalanceRow, FeeBalanceTotals } from './types';

/**
 * Particulars, Fee, disc (discount + adjustment), Paid, Balance per fee head, the total row, and the student's advance
 * when there is one.
 */
export function FeesInfoTable({
  rows,
  totals,
  advancePaise = 0,
  compact = false,
}: {
  rows: FeeBalanceRow[];
  totals: FeeBalanceTotals;
  advancePaise?: number;
  compact?: boolean;
}) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        No fee structure has been set for this student's batch yet.
      </Text>
    );
  }
  const money = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const } };
  return (
    <Table.ScrollContainer minWidth={380}>
      <Table
        className="report-table report-table-pin-end"
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing={compact ? 4 : 'xs'}
        fz={compact ? 'xs' : 'sm'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Particulars</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">disc</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.feeHeadId}>
              <Table.Td>{row.feeHead}</Table.Td>
              <Table.Td {...money}>{formatRupees(row.feePaise)}</Table.Td>
              <Table.Td
                {...money}
                title={`Discount ${formatRupees(row.discountPaise)} + adjustment ${formatRupees(row.adjustmentPaise)}`}
              >
                {formatRupees(row.totalDiscountPaise)}
              </Table.Td>
              <Table.Td {...money}>{formatRupees(row.paidPaise)}</Table.Td>
              <Table.Td {...money} c={row.balancePaise < 0 ? 'orange.8' : undefined} fw={500}>
                {formatRupees(row.balancePaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            <Table.Td {...money}>{formatRupees(totals.feePaise)}</Table.Td>
            <Table.Td {...money}>{formatRupees(totals.totalDiscountPaise)}</Table.Td>
            <Table.Td {...money}>{formatRupees(totals.paidPaise)}</Table.Td>
            <Table.Td {...money} data-testid="total-balance">
              {formatRupees(totals.balancePaise)}
            </Table.Td>
          </Table.Tr>
          {advancePaise > 0 && (
            <Table.Tr fw={700}>
              <Table.Td colSpan={4}>Advance</Table.Td>
              <Table.Td {...money} c="teal.9" data-testid="advance">
                {formatRupees(advancePaise)}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
