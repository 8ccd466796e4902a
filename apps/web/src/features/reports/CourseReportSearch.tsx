import { Button, Group, Paper, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { REPORT_BATCH_ROW_LIMIT } from '@fees/validation';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import type { Department } from '../../lib/departments';
import { idOf } from '../../lib/ids';
import { coursesOf, REPORT_FILTER_WIDTHS } from './ReportParts';

/**
 * The search of a course report (course, batch, text), kept in the address as ?course=&batch=&q= so a
 * reload or Back shows the same report. A page's own parameters (the dues' 'all') stay as they are.
 */
export function useCourseReportSearch(department: Department, schema: Parameters<typeof schemaResolver>[0]) {
  const [params, setParams] = useSearchParams();
  const course = coursesOf(department).find((c) => String(c.id) === params.get('course'));
  const text = params.get('q') ?? '';
  const batchId = idOf(params.get('batch')) ?? undefined;

  const form = useForm({
    mode: 'controlled',
    initialValues: { courseId: course?.id ?? null, text, batchId: batchId ?? null },
    validate: schemaResolver(schema, { sync: true }),
    clearInputErrorOnChange: true,
  });
  /** Changes some parameters of the address; an empty value removes one. */
  const setSearch = (next: Record<string, string>) =>
    setParams(
      Object.fromEntries(Object.entries({ ...Object.fromEntries(params), ...next }).filter(([, v]) => v !== '')),
    );
  /** Submitting the search already shown fetches it again instead (the address would not change). */
  const onSearch = (refetch: () => void) =>
    form.onSubmit((values) => {
      const next = {
        course: String(values.courseId),
        q: values.text.trim(),
        batch: values.batchId === null ? '' : String(values.batchId),
      };
      if (next.course === params.get('course') && next.q === text && next.batch === (params.get('batch') ?? ''))
        refetch();
      else setSearch(next);
    });

  return {
    params,
    course,
    text,
    batchId,
    /** A chosen batch may list more rows than a whole course does. */
    limit: batchId ? REPORT_BATCH_ROW_LIMIT : undefined,
    form,
    setSearch,
    onSearch,
  };
}

export type CourseReportSearch = ReturnType<typeof useCourseReportSearch>;

/** The course reports' search form: course (a new one clears the batch), batch, the page's own fields, Search. */
export function CourseReportForm({
  department,
  search,
  refetch,
  loading,
  withText = false,
  children,
}: {
  department: Department;
  search: CourseReportSearch;
  refetch: () => void;
  loading: boolean;
  /** The 'search' text field (name, admission number...). */
  withText?: boolean;
  children?: ReactNode;
}) {
  const { form } = search;
  return (
    <Paper withBorder radius="md" p="lg" mb="lg" className="no-print">
      <form noValidate onSubmit={search.onSearch(refetch)}>
        <Group align="flex-start" wrap="wrap">
          <DepartmentCourseBatchSelect
            form={form}
            depId={department.id}
            course
            batch
            optional="batch"
            native
            widths={REPORT_FILTER_WIDTHS}
          />
          {withText && (
            <TextInput
              label="Search"
              placeholder="search"
              w={280}
              leftSection={<IconSearch size={16} />}
              {...form.getInputProps('text')}
            />
          )}
          {children}
          <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} loading={loading}>
            Search
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
