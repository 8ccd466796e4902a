import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FailureAlert } from '../../components/FailureAlert';
import { PageLoader } from '../../components/PageLoader';
import { confirmDialog } from '../../lib/dialogs';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';

/**
 * Leave a scheme: the preview lists the scheme's discounts that go, with each balance before and
 * after; where a paid head would owe again, the admin confirms before anything is removed.
 */
export function LeaveSchemeDialog({
  opened,
  onClose,
  depId,
  schemeId,
  studentIds,
}: {
  opened: boolean;
  onClose: () => void;
  depId: number;
  schemeId: number;
  studentIds: number[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { depId, schemeId, studentIds };
  const preview = useQuery(trpc.schemes.leavePreview.queryOptions(input, { enabled: opened && studentIds.length > 0 }));
  const leave = useMutation(
    trpc.schemes.leave.mutationOptions({
      onSuccess: (result) => {
        notifications.show({
          color: 'teal',
          closeButtonProps: { 'aria-label': 'Dismiss' },
          title: 'Left the scheme',
          message: result.Message,
        });
        void queryClient.invalidateQueries();
        close();
      },
    }),
  );
  const close = () => {
    leave.reset();
    onClose();
  };
  const data = preview.data;
  const submit = () => {
    if (!data) return;
    if (data.totals.becomesDebt > 0) {
      confirmDialog(
        `${data.totals.becomesDebt} paid head${data.totals.becomesDebt === 1 ? '' : 's'} ` +
          'will owe again once the discount is removed. Leave anyway?',
        () => leave.mutate({ ...input, confirm: true }),
        'Paid heads owe again',
      );
    } else leave.mutate(input);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={data ? `Leave ${data.scheme.name}` : 'Leave the scheme'}
      size="56rem"
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      <Stack>
        {preview.isPending && <PageLoader />}
        <FailureAlert error={preview.error} />
        {data && (
          <>
            <Text size="sm">
              {data.totals.students} student{data.totals.students === 1 ? '' : 's'} leave; discounts of{' '}
              <b>{formatRupees(data.totals.removedPaise)}</b> are removed. Discounts typed by hand are not touched.
            </Text>
            {data.totals.becomesDebt > 0 && (
              <Alert color="red" icon={<IconAlertTriangle />}>
                {data.totals.becomesDebt} paid head{data.totals.becomesDebt === 1 ? '' : 's'} will owe again.
              </Alert>
            )}
            <Table.ScrollContainer minWidth={640} mah={420}>
              <Table striped stickyHeader verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Adm.No</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Fee head</Table.Th>
                    <Table.Th ta="right">Discount removed</Table.Th>
                    <Table.Th ta="right">Balance before</Table.Th>
                    <Table.Th ta="right">Balance after</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={`${r.studentId}:${r.feeHeadId}`}>
                      <Table.Td>{r.admissionNo}</Table.Td>
                      <Table.Td>{r.studentName}</Table.Td>
                      <Table.Td>{r.feeHead}</Table.Td>
                      <Table.Td ta="right">{formatRupees(r.beforePaise)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(r.balanceBeforePaise)}</Table.Td>
                      <Table.Td ta="right" c={r.becomesDebt ? 'red' : undefined}>
                        {formatRupees(r.balanceAfterPaise)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        <FailureAlert error={leave.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={leave.isPending} disabled={!data}>
            Leave scheme
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
