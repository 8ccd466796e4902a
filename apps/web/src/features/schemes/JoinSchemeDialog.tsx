import { isBelowZeroRefusal } from '@fees/validation';
import { Alert, Badge, Button, Checkbox, Group, Modal, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { PageLoader } from '../../components/PageLoader';
import { askBelowZero } from '../../lib/dialogs';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { idOf } from '../../lib/ids';

/** Who joins: students picked by hand, or every student of a batch with a category. */
export type JoinTarget = { studentIds: number[] } | { batchId: number; categoryId: number };

type JoinRow = RouterOutputs['schemes']['preview']['rows'][number];

const pairKey = (r: { studentId: number; feeHeadId: number }) => `${r.studentId}:${r.feeHeadId}`;

function existingLabel(row: JoinRow) {
  if (row.existing === 'hand')
    return (
      <Badge color="orange" variant="light">
        Typed by hand
      </Badge>
    );
  if (row.existing === 'other')
    return (
      <Badge color="grape" variant="light">
        {row.existingScheme}
      </Badge>
    );
  if (row.existing === 'this')
    return (
      <Badge color="gray" variant="light">
        This scheme
      </Badge>
    );
  return null;
}

/**
 * Apply a scheme: choose it (unless given), read the preview (per student and head the discount
 * before and after), choose per row whether a hand-typed discount is replaced (kept unless ticked),
 * then apply; a balance below zero asks first.
 */
export function JoinSchemeDialog({
  opened,
  onClose,
  depId,
  target,
  schemeId: givenSchemeId,
  title = 'Apply a concession scheme',
}: {
  opened: boolean;
  onClose: () => void;
  depId: number;
  target: JoinTarget;
  schemeId?: number;
  title?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schemes = useQuery(
    trpc.schemes.list.queryOptions(undefined, { enabled: opened && givenSchemeId === undefined }),
  );
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const schemeId = givenSchemeId ?? chosen;
  const [replace, setReplace] = useState<Set<string>>(new Set());
  const input = {
    schemeId: schemeId ?? 0,
    depId,
    ...target,
    replace: [...replace].map((key) => {
      const [studentId, feeHeadId] = key.split(':').map(Number);
      return { studentId: studentId!, feeHeadId: feeHeadId! };
    }),
  };
  const preview = useQuery(
    trpc.schemes.preview.queryOptions(input, {
      enabled: opened && schemeId !== undefined,
      placeholderData: keepPreviousData,
    }),
  );
  const join = useMutation(
    trpc.schemes.join.mutationOptions({
      onSuccess: (result) => {
        notifications.show({
          color: 'teal',
          closeButtonProps: { 'aria-label': 'Dismiss' },
          title: 'Scheme applied',
          message: result.Message,
        });
        void queryClient.invalidateQueries();
        close();
      },
    }),
  );
  const close = () => {
    setReplace(new Set());
    setChosen(undefined);
    join.reset();
    onClose();
  };
  const apply = () =>
    join.mutate(input, {
      onError: (error, sent) => {
        askBelowZero(error, () => join.mutate({ ...sent, allowNegativeBalance: true }));
      },
    });
  const toggle = (row: JoinRow) =>
    setReplace((current) => {
      const next = new Set(current);
      if (next.has(pairKey(row))) next.delete(pairKey(row));
      else next.add(pairKey(row));
      return next;
    });

  const data = preview.data;
  const choices = data?.rows.filter((r) => r.existing === 'hand' || r.existing === 'other').length ?? 0;
  return (
    <Modal opened={opened} onClose={close} title={title} size="68rem" closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <Stack>
        {givenSchemeId === undefined && (
          <NativeSelect
            label="Scheme"
            value={chosen ? String(chosen) : ''}
            onChange={(e) => {
              setReplace(new Set());
              setChosen(idOf(e.currentTarget.value) ?? undefined);
            }}
            data={[
              { value: '', label: 'Choose... ' },
              ...(schemes.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
        )}
        {schemeId !== undefined && preview.isPending && <PageLoader />}
        <FailureAlert error={preview.error} />
        {data && (
          <>
            <Text size="sm">
              {data.totals.students} student{data.totals.students === 1 ? '' : 's'} ({data.totals.joining} joining).
              Discounts before <b>{formatRupees(data.totals.beforePaise)}</b>, after{' '}
              <b data-testid="scheme-after-total">{formatRupees(data.totals.afterPaise)}</b>; {data.totals.writes} to
              write, {data.totals.kept} kept.
            </Text>
            {choices > 0 && (
              <Alert color="orange" icon={<IconAlertTriangle />}>
                {choices} discount{choices === 1 ? ' was' : 's were'} typed by hand or given by another scheme. They are
                kept unless you tick Replace.
              </Alert>
            )}
            {data.totals.belowZero > 0 && (
              <Alert color="red" icon={<IconAlertTriangle />}>
                {data.totals.belowZero} balance{data.totals.belowZero === 1 ? '' : 's'} would go below zero; you will be
                asked to confirm.
              </Alert>
            )}
            <Table.ScrollContainer minWidth={900} mah={420}>
              <Table striped stickyHeader verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Adm.No</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Fee head</Table.Th>
                    <Table.Th ta="right">Fee</Table.Th>
                    <Table.Th ta="right">Before</Table.Th>
                    <Table.Th ta="right">After</Table.Th>
                    <Table.Th ta="right">Balance after</Table.Th>
                    <Table.Th>Now</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={pairKey(r)} data-testid={`scheme-row-${r.admissionNo}-${r.feeHead}`}>
                      <Table.Td>{r.admissionNo}</Table.Td>
                      <Table.Td>{r.studentName}</Table.Td>
                      <Table.Td>{r.feeHead}</Table.Td>
                      <Table.Td ta="right">{formatRupees(r.feePaise)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(r.beforePaise)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(r.afterPaise)}</Table.Td>
                      <Table.Td ta="right" c={r.balanceAfterPaise < 0 ? 'red' : undefined}>
                        {formatRupees(r.balanceAfterPaise)}
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          {existingLabel(r)}
                          {(r.existing === 'hand' || r.existing === 'other') && (
                            <Checkbox
                              size="xs"
                              label={`Replace with ${formatRupees(r.schemePaise)}`}
                              aria-label={`Replace the ${r.feeHead} discount of ${r.admissionNo}`}
                              checked={replace.has(pairKey(r))}
                              onChange={() => toggle(r)}
                            />
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.students.some((s) => !s.covered) && (
              <Text size="sm" c="dimmed">
                No rule of this scheme covers {data.students.filter((s) => !s.covered).length} of these students'
                batches; they join without a discount.
              </Text>
            )}
          </>
        )}
        <FailureAlert error={join.error && !isBelowZeroRefusal(join.error.message) ? join.error : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={apply} loading={join.isPending} disabled={!data || data.totals.students === 0}>
            Apply scheme
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
