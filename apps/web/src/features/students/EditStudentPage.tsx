import { Alert, Anchor, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { IconFileInvoice, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { deleteDialog, infoDialog } from '../../lib/dialogs';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { courseListPath, statementPath } from './links';
import { StudentForm, studentFormValues } from './StudentForm';
import { FailureAlert } from '../../components/FailureAlert';
import { StudentSchemes } from '../schemes/StudentSchemes';
import { DateField } from '../../components/DateField';
import { todayIso } from '../../lib/dates';
import { StudentEnrolments } from './StudentEnrolments';

/** The 'Deleted!' dialog comes 500 ms after the delete succeeds. */
const DELETED_DIALOG_DELAY_MS = 500;

/** /edit?admno=&subid=&depId=&course=: the registration form filled from the record, with Delete. */
export default function EditStudentPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const admissionNo = params.get('admno') ?? '';
  const student = useQuery(
    trpc.students.byAdmissionNo.queryOptions({ depId: department.id, admissionNo }, { enabled: admissionNo !== '' }),
  );
  // Lists and the dashboard refresh; this page's own record is only marked stale, so it never
  // refetches (and 404s) while the page is being left.
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.students.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.students.dashboard.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.students.byAdmissionNo.pathKey(), refetchType: 'none' });
  };
  const update = useMutation(trpc.students.update.mutationOptions({ onSuccess: refreshLists }));
  const remove = useMutation(trpc.students.remove.mutationOptions());
  // A changed batch is a transfer on this day: the enrolment in the old batch ends, one in the new batch starts.
  const [transferDate, setTransferDate] = useState(todayIso());

  const back = () => {
    const s = student.data;
    if (window.history.state?.idx > 0) void navigate(-1);
    else
      void navigate(s ? courseListPath(department, { id: s.courseId, name: s.courseName }) : `/${department.prefix}`);
  };

  if (admissionNo === '') {
    return <Alert color="yellow">Open a student from a course list to edit them.</Alert>;
  }
  if (student.isPending) return <PageLoader />;
  if (student.isError) {
    return <FailureAlert error={student.error} title="Student not found" />;
  }
  const s = student.data;

  const confirmDelete = () =>
    deleteDialog(`Delete ${s.name} (${s.admissionNo})? Their discounts are deleted with them.`, () =>
      remove.mutate(
        { depId: department.id, id: s.id },
        {
          onSuccess: () => {
            refreshLists();
            setTimeout(() => {
              infoDialog('Deleted!', `${s.name} (${s.admissionNo}) was deleted.`, back);
            }, DELETED_DIALOG_DELAY_MS);
          },
          onError: (error) => infoDialog('Not deleted', errorMessage(error)),
        },
      ),
    );

  return (
    <>
      <PageHeader
        title={`Edit student: ${s.name}`}
        subtitle={
          <>
            {s.admissionNo} ·{' '}
            <Anchor component={Link} to={courseListPath(department, { id: s.courseId, name: s.courseName })} size="sm">
              {s.courseName}
            </Anchor>{' '}
            · batch {s.batchName}
          </>
        }
        actions={
          <Button
            component={Link}
            to={statementPath(department, s.id)}
            variant="default"
            leftSection={<IconFileInvoice size={16} />}
          >
            Statement
          </Button>
        }
      />
      <StudentForm
        key={s.id}
        initialValues={studentFormValues(s)}
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
        onSubmit={(values) =>
          update.mutate(
            {
              ...values,
              depId: department.id,
              id: s.id,
              version: s.version,
              ...(values.batchId === s.batchId || transferDate === '' ? {} : { transferDate }),
            },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  title: 'Saved',
                  message: `${values.name} (${values.admissionNo}) was updated`,
                });
                back();
              },
            },
          )
        }
        actions={
          <Group gap="xs" align="flex-end">
            <DateField
              label="Transfer date (if the batch changes)"
              value={transferDate}
              onChange={setTransferDate}
              w={230}
            />
            <Button variant="default" onClick={back}>
              Cancel
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={confirmDelete}
            >
              Delete
            </Button>
          </Group>
        }
      />
      <StudentEnrolments depId={department.id} studentId={s.id} />
      <StudentSchemes depId={department.id} studentId={s.id} />
    </>
  );
}
