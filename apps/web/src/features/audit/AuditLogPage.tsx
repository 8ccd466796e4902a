import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, receiptLabel, refundLabel } from '@fees/validation';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { DateField } from '../../components/DateField';
import { DEPARTMENT_OPTIONS, departmentName } from '../../components/DepartmentSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { formatInstant } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { AuditChanges } from '../../components/AuditChanges';
import type { AuditNames } from '../../lib/audit-changes';
import { idOf } from '../../lib/ids';
import { ReceiptLink } from '../../components/ReceiptLink';

/** Who did it, as the Who cell's tooltip: the account's email and id (none for the system). */
function accountTitle(entry: { userId: number | null; userEmail: string | null }): string | undefined {
  return entry.userId === null ? undefined : `${entry.userEmail ?? ''} · account ${entry.userId}`;
}

interface Filters {
  from: string;
  to: string;
  depId: string | null;
  userId: string | null;
  action: string | null;
  receiptNumber: string;
  admissionNo: string;
}

const NO_FILTERS: Filters = {
  from: '',
  to: '',
  depId: null,
  userId: null,
  action: null,
  receiptNumber: '',
  admissionNo: '',
};

/** The filters as the procedure takes them: empty ones left out. */
function queryOf(filters: Filters, before: number | undefined) {
  const depId = idOf(filters.depId);
  const userId = idOf(filters.userId);
  const receiptNumber = idOf(filters.receiptNumber.replace(/^#?0*/, ''));
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(depId ? { depId } : {}),
    ...(userId ? { userId } : {}),
    ...(filters.action ? { action: filters.action as AuditAction } : {}),
    ...(receiptNumber ? { receiptNumber } : {}),
    ...(filters.admissionNo.trim() ? { admissionNo: filters.admissionNo.trim() } : {}),
    ...(before ? { before } : {}),
  };
}

/** What an entry is about: "Receipt #0012", "Student 1042 (ADM-7)", "Session". */
function recordOf(entry: { entity: string; entityId: string | null; admissionNo: string | null }): string {
  const name = entry.entity.replace(/_/g, ' ');
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  const labels: Record<string, (n: number) => string> = { receipt: receiptLabel, refund: refundLabel };
  const labelOf = labels[entry.entity];
  const id = labelOf && entry.entityId ? labelOf(Number(entry.entityId)) : (entry.entityId ?? '');
  return [label, id, entry.admissionNo ? `(${entry.admissionNo})` : ''].filter(Boolean).join(' ');
}

const ACTION_COLORS: Partial<Record<AuditAction, string>> = {
  delete: 'red',
  void: 'red',
  login_failed: 'orange',
  update: 'blue',
  create: 'green',
};

/**
 * Admin › Audit log (and a department's own trail for its staff): every recorded change and sign-in,
 * newest first, filtered on the server and paged 50 at a time; an entry opens to show its fields
 * before and after.
 */
export default function AuditLogPage({ departmentId }: { departmentId?: number }) {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>(
    departmentId ? { ...NO_FILTERS, depId: String(departmentId) } : NO_FILTERS,
  );
  // The cursors of the pages before this one, to step back (keyset pages have no numbers).
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const [open, setOpen] = useState<number | null>(null);
  const before = cursors.at(-1);
  const list = useQuery({
    ...trpc.audit.list.queryOptions(queryOf(filters, before)),
    placeholderData: keepPreviousData,
  });
  const actors = useQuery(trpc.audit.actors.queryOptions());
  const heads = useQuery(trpc.reference.feeHeads.queryOptions());
  // Schemes are the administrator's: a department's own log names heads and users only.
  const schemes = useQuery(trpc.schemes.list.queryOptions(undefined, { enabled: departmentId === undefined }));
  const names: AuditNames = {
    feeHeads: new Map(heads.data?.map((h) => [h.id, h.name])),
    schemes: new Map(schemes.data?.map((s) => [s.id, s.name])),
    users: new Map(actors.data?.map((u) => [u.id, u.email])),
  };

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setCursors([undefined]);
    setOpen(null);
  };
  const entries = list.data?.entries ?? [];

  return (
    <>
      <PageHeader title="Audit log" subtitle="Every recorded change and sign-in, newest first" />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" className="no-print">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <DateField label="From" value={filters.from} onChange={(from) => change({ from })} clearable />
            <DateField label="To" value={filters.to} onChange={(to) => change({ to })} clearable />
            <Select
              label="Department"
              placeholder="All departments"
              data={DEPARTMENT_OPTIONS}
              value={filters.depId}
              onChange={(depId) => change({ depId })}
              disabled={departmentId !== undefined}
              clearable
            />
            <Select
              label="User"
              placeholder="Everyone"
              searchable
              data={(actors.data ?? []).map((a) => ({ value: String(a.id), label: a.email }))}
              value={filters.userId}
              onChange={(userId) => change({ userId })}
              clearable
            />
            <Select
              label="Action"
              placeholder="All actions"
              data={AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))}
              value={filters.action}
              onChange={(action) => change({ action })}
              clearable
            />
            <TextInput
              label="Receipt number"
              placeholder="#00012"
              value={filters.receiptNumber}
              onChange={(e) => change({ receiptNumber: e.currentTarget.value })}
            />
            <TextInput
              label="Admission number"
              value={filters.admissionNo}
              onChange={(e) => change({ admissionNo: e.currentTarget.value })}
            />
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} />}
              mt={{ lg: 24 }}
              onClick={() => change(departmentId ? { ...NO_FILTERS, depId: String(departmentId) } : NO_FILTERS)}
            >
              Clear filters
            </Button>
          </SimpleGrid>
        </Paper>
        <FailureAlert error={list.error} />
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Department</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!list.isLoading && entries.length === 0 && <NoDataRow colSpan={5} />}
                {entries.map((entry) => (
                  <Fragment key={entry.id}>
                    <Table.Tr
                      style={{ cursor: 'pointer' }}
                      onClick={() => setOpen(open === entry.id ? null : entry.id)}
                      aria-expanded={open === entry.id}
                      data-testid="audit-entry"
                    >
                      <Table.Td>{formatInstant(entry.at)}</Table.Td>
                      <Table.Td title={accountTitle(entry)}>{entry.userName || entry.userEmail || '—'}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={ACTION_COLORS[entry.action] ?? 'gray'}>
                          {AUDIT_ACTION_LABELS[entry.action]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {entry.entity === 'receipt' && entry.entityId ? (
                          <>
                            Receipt <ReceiptLink number={Number(entry.entityId)} department={entry.departmentId} />
                            {entry.admissionNo ? ` (${entry.admissionNo})` : ''}
                          </>
                        ) : (
                          recordOf(entry)
                        )}
                      </Table.Td>
                      <Table.Td>{departmentName(entry.departmentId)}</Table.Td>
                    </Table.Tr>
                    {open === entry.id && (
                      <Table.Tr>
                        <Table.Td colSpan={5} bg="var(--mantine-color-gray-0)">
                          <Stack gap="xs" p="xs">
                            <Text size="xs" c="dimmed">
                              Entry {entry.id}
                              {entry.ip ? ` · from ${entry.ip}` : ''}
                            </Text>
                            <AuditChanges
                              action={entry.action}
                              before={entry.before}
                              after={entry.after}
                              names={names}
                            />
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Group justify="space-between" className="no-print">
          <Text size="sm" c="dimmed">
            Page {cursors.length}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} />}
              disabled={cursors.length === 1}
              onClick={() => {
                setCursors((c) => c.slice(0, -1));
                setOpen(null);
              }}
            >
              Newer
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} />}
              disabled={!list.data?.nextBefore}
              onClick={() => {
                setCursors((c) => [...c, list.data!.nextBefore!]);
                setOpen(null);
              }}
            >
              Older
            </Button>
          </Group>
        </Group>
      </Stack>
    </>
  );
}
