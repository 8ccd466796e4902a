import { can } from '../../lib/can';
import { receiptLabel } from '@fees/validation';
import '../../components/paper.css';
import './receipt.css';
import { Alert, Badge, Button, Group, Loader, Paper, SegmentedControl, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCircleCheck,
  IconDownload,
  IconPencil,
  IconCopy,
  IconPrinter,
  IconUserSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/dates';
import { printSoon } from '../../lib/print';
import { useTRPC } from '../../lib/trpc';
import { formatLocalDate } from './format';
import { editReceiptPath, receiptPdfPath, receiptSearchPath } from './links';
import { usePrintDuplicate } from './usePrintDuplicate';
import { SendAgainButton } from '../messages/SendAgainButton';
import { PrintableReceipt } from './PrintableReceipt';
import { ReceiptHistory, useVoidReason } from '../../components/ReceiptHistory';
import { VoidReceiptButton } from './VoidReceiptButton';
import { FailureAlert } from '../../components/FailureAlert';
import { ReceiptClickToChat } from '../messages/ClickToChat';

type PaperSize = 'a4' | 'a5';

const PAGE_CSS: Record<PaperSize, string> = {
  a4: '@page { size: A4 portrait; margin: 8mm; }',
  a5: '@page { size: A5 portrait; margin: 6mm; }',
};
const COPIES: Record<PaperSize, Array<string | undefined>> = { a4: ['Office copy', 'Student copy'], a5: [undefined] };

/** Only paths inside this app are followed back (the address could carry anything). */
function safeBackUrl(url: string | null, fallback: string): string {
  return url?.startsWith('/') && !url.startsWith('//') ? url : fallback;
}

/**
 * /inv/success/?url=..&no=..: the printable receipt. The number is in the address (or, as the old
 * app did it, in the navigation state), so a reload shows the same receipt. With &duplicate=yyyy-MM-dd
 * it is a duplicate reprinted that day (Print duplicate counts it in the audit log, then prints).
 */
export default function ReceiptSuccessPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const number = Number(params.get('no') ?? (location.state as { invoice?: number } | null)?.invoice ?? 0);
  const backUrl = safeBackUrl(params.get('url'), receiptSearchPath(department));
  const duplicateOn = /^\d{4}-\d{2}-\d{2}$/.test(params.get('duplicate') ?? '') ? params.get('duplicate')! : undefined;
  const [paper, setPaper] = useLocalStorage<PaperSize>({ key: 'fees.receipt-paper', defaultValue: 'a4' });
  const receipt = useQuery(trpc.receipts.byNumber.queryOptions({ number }, { enabled: number > 0 }));
  const findPath = receiptSearchPath(department);
  // Escape, like Next student, takes the counter back to Find student.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) void navigate(findPath);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, findPath]);
  const logo = useQuery(trpc.letterheads.logo.queryOptions({ depId: department.id }, { staleTime: 5 * 60_000 }));
  const voidReason = useVoidReason(number, receipt.data?.receipt.status === 'voided');
  const duplicate = usePrintDuplicate(backUrl);

  if (!(number > 0)) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle />} title="No receipt to show">
        The address does not name a receipt number.
      </Alert>
    );
  }
  if (receipt.isPending) {
    return (
      <Group gap="sm" p="xl">
        <Loader size="sm" />
        <Text>Loading data...</Text>
      </Group>
    );
  }
  if (receipt.isError) {
    return (
      <>
        <FailureAlert error={receipt.error} title={`Receipt ${receiptLabel(number)}`} />
        <Button
          mt="md"
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void navigate(backUrl)}
        >
          Go Back
        </Button>
      </>
    );
  }
  const { receipt: master } = receipt.data;
  const voided = master.status === 'voided';

  return (
    <>
      <style>{PAGE_CSS[paper]}</style>
      <div className="no-print">
        <PageHeader
          title={
            <Group gap="sm">
              Receipt {receiptLabel(master.number)}
              {voided ? (
                <Badge color="red" size="lg">
                  Voided
                </Badge>
              ) : (
                <Badge color="green" size="lg" leftSection={<IconCircleCheck size={14} />}>
                  Saved
                </Badge>
              )}
            </Group>
          }
          subtitle={`${master.studentName} · ${master.admissionNo} · ${formatDate(master.date)}`}
        />
        {voided && (
          <Alert color="red" icon={<IconAlertCircle />} mb="md" title="This receipt is voided">
            Voided on {formatLocalDate(master.voidedAt)}
            {master.voidedByEmail ? ` by ${master.voidedByName ?? master.voidedByEmail}` : ''}. It keeps its number and
            counts in no total.
            {voidReason && <Text size="sm" mt={4} data-testid="void-reason">{`Reason: ${voidReason}`}</Text>}
          </Alert>
        )}
        {duplicate.error && <FailureAlert error={duplicate.error} title="The duplicate was not printed" />}
        <Paper withBorder radius="md" p="sm" mb="lg">
          <Group justify="space-between">
            <Group gap="sm">
              <Button leftSection={<IconPrinter size={16} />} onClick={printSoon} autoFocus>
                {duplicateOn ? 'Print again' : 'Print Receipt'}
              </Button>
              {can('collect') && (
                <Button
                  variant="light"
                  leftSection={<IconCopy size={16} />}
                  loading={duplicate.isPending}
                  onClick={() => duplicate.mutate({ number: master.number })}
                >
                  Print duplicate
                </Button>
              )}
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                component="a"
                href={receiptPdfPath(master.number, duplicateOn !== undefined)}
                download
              >
                Download PDF
              </Button>
              <Button
                variant="light"
                leftSection={<IconUserSearch size={16} />}
                onClick={() => void navigate(findPath)}
              >
                Next student
              </Button>
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => void navigate(backUrl)}
              >
                Go Back
              </Button>
              {!voided && can('collect') && <SendAgainButton depId={department.id} receiptNumber={master.number} />}
              {receipt.data.mayEdit && (
                <Button
                  variant="subtle"
                  leftSection={<IconPencil size={16} />}
                  component={Link}
                  to={editReceiptPath(department, master.number)}
                >
                  Edit
                </Button>
              )}
              {!voided && (
                <VoidReceiptButton variant="subtle" receipt={{ number: master.number, version: master.version }} />
              )}
            </Group>
            <SegmentedControl
              aria-label="Paper"
              value={paper}
              onChange={(value) => setPaper(value as PaperSize)}
              data={[
                { value: 'a4', label: 'A4 · office + student copy' },
                { value: 'a5', label: 'A5 · one copy' },
              ]}
            />
          </Group>
          <Group mt="sm" className="no-print">
            <ReceiptClickToChat number={master.number} />
          </Group>
        </Paper>
      </div>
      <div className="paper-sheet rcpt-sheet" data-paper={paper} data-testid="printable-receipt">
        {COPIES[paper].map((label, index) => (
          <Fragment key={label ?? 'single'}>
            {index > 0 && <div className="rcpt-cut" />}
            <PrintableReceipt data={receipt.data} copyLabel={label} logo={logo.data?.logo} duplicateOn={duplicateOn} />
          </Fragment>
        ))}
      </div>
      <ReceiptHistory number={number} />
    </>
  );
}
