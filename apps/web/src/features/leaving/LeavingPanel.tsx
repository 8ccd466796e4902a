import { LEAVING_LIMITS } from '@fees/validation';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCertificate, IconDoorExit, IconArrowBackUp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../components/DateField';
import { FailureAlert } from '../../components/FailureAlert';
import { can } from '../../lib/can';
import type { Department } from '../../lib/departments';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { certificatePath } from './links';

type Leaving = RouterOutputs['reports']['statement']['leaving'];

interface Student {
  id: number;
  admissionNo: string;
  name: string;
}

/**
 * The statement's leaving: a student who left shows the day, the reason, the no-dues certificate (offered once nothing
 * is outstanding; the server refuses otherwise, naming the amount) and Undo; a current student gets Mark as left.
 */
export function LeavingPanel({
  department,
  student,
  leaving,
}: {
  department: Department;
  student: Student;
  leaving: Leaving;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const input = { depId: department.id, admNo: student.admissionNo };
  const certificate = useMutation(
    trpc.leaving.certificate.mutationOptions({
      onSuccess: (issued) => void navigate(certificatePath(department, issued.number)),
    }),
  );
  const undo = useMutation(trpc.leaving.undo.mutationOptions({ onSuccess: () => void refresh() }));
  const [confirmUndo, setConfirmUndo] = useState(false);

  if (!leaving) return can('write') ? <MarkAsLeft department={department} student={student} /> : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="leaving-panel">
      <Stack gap="xs">
        <Group gap="sm">
          <Badge color="orange" size="lg" data-testid="left-badge">
            Left on {formatDate(leaving.date)}
          </Badge>
          {leaving.reason && <Text size="sm">{leaving.reason}</Text>}
          {leaving.certificate && (
            <Badge color="teal" variant="light">
              No-dues certificate {leaving.certificate.label}
            </Badge>
          )}
        </Group>
        {(leaving.duesPaise ?? 0) > 0 && (
          <Text size="sm" c="dimmed">
            Still owed when the leaving was recorded: {formatRupees(leaving.duesPaise ?? 0)}. Receipts for it can still
            be taken.
          </Text>
        )}
        <FailureAlert error={certificate.error ?? undo.error} title="Not done" />
        <Group gap="sm" className="no-print">
          {can('write') && (
            <Button
              leftSection={<IconCertificate size={16} />}
              loading={certificate.isPending}
              onClick={() => certificate.mutate(input)}
            >
              {leaving.certificate ? 'Reprint no-dues certificate' : 'No-dues certificate'}
            </Button>
          )}
          {can('write') && !leaving.byPromotion && !leaving.certificate && !confirmUndo && (
            <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => setConfirmUndo(true)}>
              Undo leaving
            </Button>
          )}
          {confirmUndo && (
            <Group gap="xs">
              <Text size="sm">The enrolment opens again and every instalment is owed again.</Text>
              <Button color="red" size="xs" loading={undo.isPending} onClick={() => undo.mutate(input)}>
                Undo leaving
              </Button>
              <Button variant="default" size="xs" onClick={() => setConfirmUndo(false)}>
                Keep
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The dialog: the day and the reason, with what the student would still owe shown before it is confirmed. */
function MarkAsLeft({ department, student }: { department: Department; student: Student }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [date, setDate] = useState(todayIso());
  const [reason, setReason] = useState('');
  const input = { depId: department.id, admNo: student.admissionNo };
  const preview = useQuery(
    trpc.leaving.preview.queryOptions({ ...input, date }, { enabled: opened && date !== '', retry: false }),
  );
  const leave = useMutation(
    trpc.leaving.leave.mutationOptions({
      onSuccess: () => {
        setOpened(false);
        void queryClient.invalidateQueries();
      },
    }),
  );
  const owed = preview.data?.totalPaise ?? 0;
  return (
    <>
      <Group className="no-print">
        <Button
          variant="default"
          color="orange"
          leftSection={<IconDoorExit size={16} />}
          onClick={() => setOpened(true)}
        >
          Mark as left
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${student.name} leaves`}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            leave.mutate({ ...input, date, reason });
          }}
        >
          <Stack>
            <DateField
              label="Leaving date"
              required
              value={date}
              onChange={setDate}
              minDate={preview.data?.fromDate}
              maxDate={todayIso()}
            />
            <Textarea
              label="Reason"
              required
              autosize
              minRows={2}
              maxLength={LEAVING_LIMITS.reason}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <FailureAlert error={preview.error} title="Cannot leave on this date" />
            {preview.data && owed > 0 && (
              <Alert color="orange" icon={<IconAlertTriangle />} title="Dues outstanding" data-testid="leaving-warning">
                {student.name} still owes {formatRupees(owed)} (fees {formatRupees(preview.data.feesPaise)}, fines{' '}
                {formatRupees(preview.data.finePaise)}) for what fell due by {formatDate(date)}. It stays owed and is
                recorded with the leaving; nothing due after that day is owed. A transfer certificate is not withheld
                for fees.
              </Alert>
            )}
            {preview.data && owed <= 0 && (
              <Text size="sm" c="teal.8">
                Nothing is outstanding for what fell due by {formatDate(date)}.
              </Text>
            )}
            <FailureAlert error={leave.error} title="Not marked as left" />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" color="orange" loading={leave.isPending}>
                Mark as left
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
