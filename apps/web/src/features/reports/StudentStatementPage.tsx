import { PAYMENT_MODE_LABELS, receiptLabel, refundLabel } from '@fees/validation';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCash,
  IconListDetails,
  IconMail,
  IconWorldDollar,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { can } from '../../lib/can';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { StudentInstalments } from '../../components/InstalmentDues';
import { StudentMessages } from '../messages/StudentMessages';
import { StatementClickToChat } from '../messages/ClickToChat';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { type Cell, type ExportTable, reportFileName } from './export';
import { ExportActions, Figure, numeric } from './ReportParts';
import { receiptEntryPath } from '../receipts/links';
import { reportPaths } from './paths';
import type { Statement } from './types';
import '../../components/report-table.css';
import { idOf } from '../../lib/ids';
import { ReceiptLink } from '../../components/ReceiptLink';
import { FamilyLinkButton } from '../payments/FamilyLinkButton';
import { LeavingPanel } from '../leaving/LeavingPanel';

/** One sheet: each head's row, then its payments (receipt, date, particulars, amount), then the totals. */
function exportTable(statement: Statement): ExportTable {
  const rows: Cell[][] = statement.heads.flatMap((h) => [
    [
      h.feeHead,
      null,
      null,
      null,
      { paise: h.feePaise },
      { paise: h.discountPaise },
      { paise: h.adjustmentPaise },
      { paise: h.paidPaise },
      { paise: h.balancePaise },
    ],
    ...h.payments.map((p): Cell[] => [
      null,
      receiptLabel(p.receiptNumber),
      { date: p.date },
      p.particulars,
      null,
      null,
      null,
      { paise: p.amountPaise },
      null,
    ]),
  ]);
  const t = statement.totals;
  rows.push([
    'Total',
    null,
    null,
    null,
    { paise: t.feePaise },
    { paise: t.discountPaise },
    { paise: t.adjustmentPaise },
    { paise: t.paidPaise },
    { paise: t.balancePaise },
  ]);
  for (const f of statement.refunds)
    rows.push([
      'Refund',
      refundLabel(f.number),
      { date: f.date },
      f.reason,
      null,
      null,
      null,
      { paise: -f.amountPaise },
      null,
    ]);
  rows.push(['Advance', null, null, null, null, null, null, null, { paise: statement.advancePaise }]);
  return {
    header: ['Fee head', 'Receipt', 'Date', 'Particulars', 'Fee', 'Discount', 'Adjustment', 'Paid', 'Balance'],
    rows,
  };
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || '-'}</Text>
    </Stack>
  );
}

/**
 * A student's statement: every fee head of their batch with its fee, discount, adjustment, the live
 * receipts paid against it and the balance (fee - discount - adjustment - paid), and the totals.
 * Printable. Reached from the course list, the receipt search and the reports.
 */
export default function StudentStatementPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const adminArea = useIsAdminArea();
  const studentId = idOf(useParams().studentId) ?? 0;
  const valid = Number.isInteger(studentId) && studentId > 0;
  const query = useQuery(trpc.reports.statement.queryOptions({ depId: department.id, studentId }, { enabled: valid }));
  const statement = query.data;
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
      Back
    </Button>
  );

  if (!valid) {
    return (
      <>
        <PageHeader title="Student statement" subtitle={department.name} actions={back} />
        <Alert color="red" icon={<IconAlertCircle />}>
          This address does not name a student.
        </Alert>
      </>
    );
  }
  if (!statement) {
    return (
      <>
        <PageHeader title="Student statement" subtitle={department.name} actions={back} />
        <ReportStates query={query} loadingLabel="Loading the statement...">
          {() => null}
        </ReportStates>
      </>
    );
  }

  const { student, totals } = statement;
  return (
    <>
      <PageHeader
        title="Student statement"
        subtitle={department.name}
        actions={
          <>
            {back}
            {can('collect') && (
              <Button
                className="no-print"
                leftSection={<IconCash size={16} />}
                component={Link}
                to={receiptEntryPath(department, student, { id: student.courseId, name: student.courseName })}
                aria-label={`Pay for ${student.name}`}
              >
                Pay
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconMail size={16} />}
              component={Link}
              to={`${reportPaths(department, adminArea).notices}?student=${studentId}`}
            >
              Demand notice
            </Button>
            {can('write') && (
              <Button
                variant="default"
                className="no-print"
                leftSection={<IconWorldDollar size={16} />}
                component={Link}
                to={`/${department.prefix}/payments/?admNo=${encodeURIComponent(student.admissionNo)}`}
              >
                Payment link
              </Button>
            )}
            {can('write') && <FamilyLinkButton depId={department.id} studentId={student.id} name={student.name} />}
            <ExportActions
              size="sm"
              fileName={reportFileName('Statement_', student.admissionNo)}
              sheetName={`Statement ${student.admissionNo}`}
              table={() => exportTable(statement)}
            />
          </>
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Group gap="sm" mb="sm">
            <Text fw={700} size="xl" data-testid="statement-student">
              {student.name}
            </Text>
            {statement.leaving && (
              <Badge color="orange" variant="light">
                Left
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Detail label="Adm.No" value={student.admissionNo} />
            <Detail label="CapId" value={student.capId} />
            <Detail label="Course" value={student.courseName} />
            <Detail label="Batch" value={student.batchName} />
            <Detail label="Address" value={student.address} />
            <Detail label="Phone" value={student.phone} />
            <Detail label="Email" value={student.email} />
            <Detail label="Printed on" value={formatDate(todayIso())} />
          </SimpleGrid>
        </Paper>

        <LeavingPanel department={department} student={student} leaving={statement.leaving} />

        <Group className="no-print">
          <StatementClickToChat depId={department.id} studentId={student.id} />
        </Group>

        <Paper withBorder radius="md" p="md">
          <Group gap="xl" wrap="wrap">
            <Figure label="Total fee" value={formatRupees(totals.feePaise)} />
            <Figure label="Discount" value={formatRupees(totals.discountPaise)} />
            <Figure label="Adjustment" value={formatRupees(totals.adjustmentPaise)} />
            {totals.sponsoredPaise !== 0 && (
              <Figure label="Expected from sponsors" value={formatRupees(totals.sponsoredPaise)} />
            )}
            <Figure label="Paid" value={formatRupees(totals.paidPaise)} />
            <Figure label="Balance" value={formatRupees(totals.balancePaise)} testId="statement-balance" />
            <Figure label="Advance" value={formatRupees(statement.advancePaise)} testId="statement-advance" />
          </Group>
        </Paper>

        {statement.sponsors.length > 0 && (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="sm">
              Scholarships and sponsors
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table striped withTableBorder data-testid="statement-sponsors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Head</Table.Th>
                    <Table.Th>Expected from</Table.Th>
                    <Table.Th ta="right">Expected</Table.Th>
                    <Table.Th ta="right">Received</Table.Th>
                    <Table.Th ta="right">Still expected</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {statement.sponsors.map((p) => (
                    <Table.Tr key={`${p.sponsor}-${p.feeHead}`}>
                      <Table.Td>{p.feeHead}</Table.Td>
                      <Table.Td>
                        {p.sponsor}
                        {p.shortfallPaise > 0 &&
                          ` (${formatRupees(p.shortfallPaise)} returned to the student ` +
                            `on ${formatDate(p.shortfallDate ?? '')})`}
                      </Table.Td>
                      <Table.Td {...numeric}>{formatRupees(p.expectedPaise)}</Table.Td>
                      <Table.Td {...numeric}>{formatRupees(p.receivedPaise)}</Table.Td>
                      <Table.Td {...numeric}>{formatRupees(p.stillExpectedPaise)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}

        {statement.refunds.length > 0 && (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="sm">
              Refunds
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table striped withTableBorder data-testid="statement-refunds">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Voucher</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Mode</Table.Th>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {statement.refunds.map((f) => (
                    <Table.Tr key={f.number}>
                      <Table.Td>{refundLabel(f.number)}</Table.Td>
                      <Table.Td>{formatDate(f.date)}</Table.Td>
                      <Table.Td>{PAYMENT_MODE_LABELS[f.paymentMode]}</Table.Td>
                      <Table.Td>{f.reason}</Table.Td>
                      <Table.Td {...numeric}>{formatRupees(f.amountPaise)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}

        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Instalments and fines
          </Title>
          <StudentInstalments depId={department.id} studentId={studentId} />
        </Paper>

        {statement.heads.length === 0 ? (
          <Alert color="gray" icon={<IconListDetails />} title="No fee structure">
            No fee structure has been set for batch {student.batchName} yet, so nothing is due.
          </Alert>
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Table.ScrollContainer minWidth={760}>
              <Table className="report-table" withTableBorder verticalSpacing="xs" data-testid="statement-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fee head / receipt</Table.Th>
                    <Table.Th ta="right">Fee</Table.Th>
                    <Table.Th ta="right">Discount</Table.Th>
                    <Table.Th ta="right">Adjustment</Table.Th>
                    <Table.Th ta="right">Paid</Table.Th>
                    <Table.Th ta="right">Balance</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {statement.heads.map((h) => (
                    <Fragment key={h.feeHeadId}>
                      <Table.Tr bg="var(--mantine-color-gray-0)">
                        <Table.Td fw={600}>{h.feeHead}</Table.Td>
                        <Table.Td {...numeric}>
                          {formatRupees(h.feePaise)}
                          {h.openingPaise !== 0 && (
                            <Text size="xs" c="dimmed" fw={400}>
                              incl. opening {h.openingPaise < 0 ? 'advance' : 'balance'} {formatRupees(h.openingPaise)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td {...numeric}>{formatRupees(h.discountPaise)}</Table.Td>
                        <Table.Td {...numeric}>{formatRupees(h.adjustmentPaise)}</Table.Td>
                        <Table.Td {...numeric}>{formatRupees(h.paidPaise)}</Table.Td>
                        <Table.Td
                          {...numeric}
                          fw={600}
                          c={h.balancePaise > 0 ? 'red.8' : h.balancePaise < 0 ? 'orange.8' : 'teal.8'}
                        >
                          {formatRupees(h.balancePaise)}
                        </Table.Td>
                      </Table.Tr>
                      {h.payments.map((p) => (
                        <Table.Tr key={`${p.receiptNumber}-${p.lineNo}`}>
                          <Table.Td pl="xl">
                            <Text size="sm" c="dimmed">
                              Receipt <ReceiptLink number={p.receiptNumber} department={department} /> ·{' '}
                              {formatDate(p.date)}
                              {p.particulars ? ` · ${p.particulars}` : ''}
                            </Text>
                          </Table.Td>
                          <Table.Td />
                          <Table.Td />
                          <Table.Td />
                          <Table.Td {...numeric} c="dimmed">
                            {formatRupees(p.amountPaise)}
                          </Table.Td>
                          <Table.Td />
                        </Table.Tr>
                      ))}
                    </Fragment>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700} bg="var(--mantine-color-gray-1)">
                    <Table.Td>Total</Table.Td>
                    <Table.Td {...numeric}>{formatRupees(totals.feePaise)}</Table.Td>
                    <Table.Td {...numeric}>{formatRupees(totals.discountPaise)}</Table.Td>
                    <Table.Td {...numeric}>{formatRupees(totals.adjustmentPaise)}</Table.Td>
                    <Table.Td {...numeric}>{formatRupees(totals.paidPaise)}</Table.Td>
                    <Table.Td {...numeric}>{formatRupees(totals.balancePaise)}</Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Stack>
      <StudentMessages depId={department.id} studentId={studentId} />
    </>
  );
}
