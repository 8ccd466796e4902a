/**
 * The dues report's table, described once for the screen and its exports: the columns (a Sponsored one when
 * sponsors are expected to pay, so that the columns add up to the balance) and the total rows under them.
 */
import { Text } from '@mantine/core';
import { formatRupees } from '../../lib/money';
import type { Cell, Column } from './export';
import { admissionNoColumn } from './ReportParts';
import type { DuesReport, DuesRow } from './types';

export type DuesTotals = DuesReport['totals'];

/** A report with sponsors' shares shows what they are expected to pay. */
export const withSponsors = (t: DuesTotals) => t.sponsoredPaise !== 0;

/** A balance reads at a glance: still due in red, overpaid in orange, settled in green. */
function Balance({ paise }: { paise: number }) {
  return (
    <Text span size="sm" fw={600} c={paise > 0 ? 'red.8' : paise < 0 ? 'orange.8' : 'teal.8'}>
      {formatRupees(paise)}
    </Text>
  );
}

/** The columns of the report whose totals are `totals`; the admission number opens the student's statement. */
export function duesColumns(totals: DuesTotals, statementPath: (studentId: number) => string): Array<Column<DuesRow>> {
  return [
    admissionNoColumn(statementPath),
    { header: 'Name', value: (r) => r.name },
    { header: 'CapId', value: (r) => r.capId, width: 150 },
    { header: 'Phone', value: (r) => r.phone ?? '', width: 115 },
    { header: 'Total Fee', value: (r) => ({ paise: r.feePaise }) },
    { header: 'Discount', value: (r) => ({ paise: r.discountPaise }) },
    ...(withSponsors(totals)
      ? [{ header: 'Sponsored', value: (r: DuesRow): Cell => ({ paise: r.sponsoredPaise }) }]
      : []),
    { header: 'Paid', value: (r) => ({ paise: r.paidPaise }) },
    { header: 'Balance', value: (r) => ({ paise: r.balancePaise }), render: (r) => <Balance paise={r.balancePaise} /> },
    { header: 'Advance', value: (r) => ({ paise: r.advancePaise }) },
  ];
}

/** A total row under duesColumns: `label` in the first column, the sums under their columns, one cell each. */
export function duesTotalCells(label: string, t: DuesTotals, sponsors: boolean): Cell[] {
  return [
    label,
    null,
    null,
    null,
    { paise: t.feePaise },
    { paise: t.discountPaise },
    ...(sponsors ? [{ paise: t.sponsoredPaise }] : []),
    { paise: t.paidPaise },
    { paise: t.balancePaise },
    null,
  ];
}
