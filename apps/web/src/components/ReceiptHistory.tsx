import { AUDIT_ACTION_LABELS } from '@fees/validation';
import { Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconBan, IconPencil, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { can } from '../lib/can';
import { formatInstant } from '../lib/dates';
import { useTRPC } from '../lib/trpc';
import { AuditChanges } from './AuditChanges';
import { FailureAlert } from './FailureAlert';

const ICONS = { create: IconPlus, update: IconPencil, void: IconBan, reprint: IconPrinter } as const;

/** The reason a void's audit row keeps (voids from before reasons were asked have none). */
function voidReason(after: unknown): string | undefined {
  const reason = (after as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** Why a voided receipt was voided, from its History (the same query the panel shows). */
export function useVoidReason(number: number, voided: boolean): string | undefined {
  const trpc = useTRPC();
  const history = useQuery(trpc.audit.receiptHistory.queryOptions({ number }, { enabled: voided && can('audit') }));
  const lastVoid = history.data?.findLast((entry) => entry.action === 'void');
  return lastVoid ? voidReason(lastVoid.after) : undefined;
}

/**
 * A receipt's History panel (edit page, printable page; never printed): who created it and when,
 * each edit with the fields it changed, and the void with who did it and why. The audit log's
 * readers only.
 */
export function ReceiptHistory({ number }: { number: number }) {
  return can('audit') ? <ReceiptHistoryPanel number={number} /> : null;
}

function ReceiptHistoryPanel({ number }: { number: number }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.audit.receiptHistory.queryOptions({ number }));
  const heads = useQuery(trpc.reference.feeHeads.queryOptions());
  const feeHeads = new Map(heads.data?.map((h) => [h.id, h.name]));
  return (
    <Paper withBorder p="md" radius="md" className="no-print" aria-label="History">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      <FailureAlert error={history.error} />
      {history.isLoading && <Skeleton h={80} />}
      {history.data && history.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing recorded for this receipt.
        </Text>
      )}
      {history.data && history.data.length > 0 && (
        <Timeline bulletSize={24} lineWidth={2} active={history.data.length - 1}>
          {history.data.map((entry) => {
            const Icon = ICONS[entry.action as keyof typeof ICONS] ?? IconPencil;
            const verb =
              entry.action === 'create'
                ? 'Created'
                : entry.action === 'void'
                  ? 'Voided'
                  : AUDIT_ACTION_LABELS[entry.action];
            return (
              <Timeline.Item
                key={entry.id}
                bullet={<Icon size={14} />}
                title={`${verb} by ${entry.userName ?? entry.userEmail ?? 'the system'}`}
              >
                <Stack gap={6}>
                  <Text size="xs" c="dimmed">
                    {formatInstant(entry.at)}
                  </Text>
                  {entry.action === 'update' && (
                    <AuditChanges
                      action="update"
                      before={entry.before}
                      after={entry.after}
                      onlyChanged
                      names={{ feeHeads }}
                    />
                  )}
                  {entry.action === 'void' && voidReason(entry.after) && (
                    <Text size="sm">Reason: {voidReason(entry.after)}</Text>
                  )}
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Paper>
  );
}
