import { Alert, Anchor, Button } from '@mantine/core';
import { COURSES } from '@fees/validation';
import { IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { useTRPC } from '../../lib/trpc';
import { courseListPath } from './links';
import { emptyStudentForm, StudentForm } from './StudentForm';

/**
 * Registration: after a save the form stays on the same course, batch and admission date, ready for
 * the next student of the intake.
 */
export default function RegisterStudentPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const preset = COURSES.find((c) => c.id === Number(params.get('courseId')) && c.departmentId === department.id);
  const [saved, setSaved] = useState<{ name: string; admissionNo: string; courseId: number } | null>(null);
  const create = useMutation(
    trpc.students.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() }),
    }),
  );
  const savedCourse = saved && COURSES.find((c) => c.id === saved.courseId);

  return (
    <>
      <PageHeader
        title="Student registration"
        subtitle={department.name}
        actions={
          <Button
            component={Link}
            to={`/${department.prefix}/import/`}
            variant="default"
            leftSection={<IconFileImport size={16} />}
          >
            Import from CSV
          </Button>
        }
      />
      {saved && (
        <Alert color="teal" icon={<IconCircleCheck />} mb="md" title="Student registered" role="status">
          {saved.name} was registered with admission number {saved.admissionNo}.{' '}
          {savedCourse && (
            <Anchor component={Link} to={courseListPath(department, savedCourse)}>
              Open the list of {savedCourse.name}
            </Anchor>
          )}
        </Alert>
      )}
      <StudentForm
        initialValues={emptyStudentForm(preset?.id)}
        submitLabel="Register"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values, form) =>
          create.mutate(
            { ...values, depId: department.id },
            {
              onSuccess: () => {
                setSaved({ name: values.name, admissionNo: values.admissionNo, courseId: values.courseId });
                form.reset({
                  ...emptyStudentForm(values.courseId),
                  batchId: values.batchId,
                  admissionDate: values.admissionDate,
                });
                window.scrollTo({ top: 0, behavior: 'smooth' });
              },
            },
          )
        }
      />
    </>
  );
}
