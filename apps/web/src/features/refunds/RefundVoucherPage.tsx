import { refundLabel } from '@fees/validation';
import '../../components/paper.css';
import '../receipts/receipt.css';
import { Alert, Badge, Button, Group, Paper } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { formatDate, formatInstant } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { printSoon } from '../../lib/print';
import { useTRPC } from '../../lib/trpc';
import { refundsPath } from './links';
import { PrintableRefund } from './PrintableRefund';
import { idOf } from '../../lib/ids';

/** /{prefix}/refunds/{number}: one refund voucher, printable on the letterhead (A5). */
export default function RefundVoucherPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const number = idOf(useParams().number) ?? 0;
  const voucher = useQuery(trpc.refunds.byNumber.queryOptions({ number }, { enabled: number > 0 }));
  const logo = useQuery(trpc.letterheads.logo.queryOptions({ depId: department.id }, { staleTime: 5 * 60_000 }));
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} component={Link} to={refundsPath(department)}>
      Refunds
    </Button>
  );
  if (voucher.isError) {
    return (
      <>
        <FailureAlert error={voucher.error} title={`Refund ${refundLabel(number)}`} />
        <Group mt="md">{back}</Group>
      </>
    );
  }
  if (!voucher.data) return <PageLoader />;
  const v = voucher.data;
  return (
    <>
      <style>{'@page { size: A5 portrait; margin: 6mm; }'}</style>
      <div className="no-print">
        <PageHeader
          title={
            <Group gap="sm">
              Refund {refundLabel(v.number)}
              {v.status === 'voided' && (
                <Badge color="red" size="lg">
                  Voided
                </Badge>
              )}
            </Group>
          }
          subtitle={`${v.studentName} · ${v.admissionNo} · ${formatDate(v.date)}`}
        />
        {v.status === 'voided' && (
          <Alert color="red" icon={<IconAlertCircle />} mb="md" title="This refund is voided">
            Voided {v.voidedAt ? `on ${formatInstant(v.voidedAt)}` : ''}
            {v.voidedByEmail ? ` by ${v.voidedByName ?? v.voidedByEmail}` : ''}: {v.voidReason}. It keeps its number;
            the amount is back in the advance.
          </Alert>
        )}
        <Paper withBorder radius="md" p="sm" mb="lg">
          <Group gap="sm">
            <Button leftSection={<IconPrinter size={16} />} onClick={printSoon} autoFocus>
              Print voucher
            </Button>
            {back}
          </Group>
        </Paper>
      </div>
      <div className="paper-sheet rcpt-sheet" data-paper="a5" data-testid="printable-refund">
        <PrintableRefund voucher={v} logo={logo.data?.logo} />
      </div>
    </>
  );
}
