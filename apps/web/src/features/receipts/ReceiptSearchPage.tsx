import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { COURSES, ZSearchReceiptStudentsInput } from '@fees/validation';
import { IconAlertCircle, IconCash, IconEye, IconFileDescription, IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { BatchSection } from '../../components/BatchSection';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { formatRupees } from '../../lib/money';
import { useLoadThenOpen } from '../../lib/load-then-open';
import { useTRPC } from '../../lib/trpc';
import { FeesInfoTable } from './FeesInfoTable';
import { receiptEntryPath, studentStatementPath } from './links';
import type { FeeInfo } from './types';
import { FailureAlert } from '../../components/FailureAlert';
import { StudentInstalments } from '../../components/InstalmentDues';

const ZSearchForm = ZSearchReceiptStudentsInput.pick({ courseId: true, text: true });

/**
 * /rcpt/: choose a course, type a name, admission number or capId, Search. The search sits in the
 * address (?course=&q=) so coming back from a receipt shows the same results.
 */
export default function ReceiptSearchPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const courses = COURSES.filter((c) => c.departmentId === department.id);
  const searchedCourse = courses.find((c) => String(c.id) === params.get('course'));
  const searchedText = params.get('q') ?? '';

  const form = useForm({
    mode: 'controlled',
    initialValues: { courseId: searchedCourse ? String(searchedCourse.id) : courses.length === 1 ? String(courses[0]!.id) : '', text: searchedText },
    validate: schemaResolver(ZSearchForm, { sync: true }),
    clearInputErrorOnChange: true,
  });

  const results = useQuery(
    trpc.receipts.searchStudents.queryOptions(
      { depId: department.id, courseId: searchedCourse?.id ?? 0, text: searchedText },
      { enabled: searchedCourse !== undefined },
    ),
  );

  const feesInfo = useLoadThenOpen<FeeInfo>();
  const info = feesInfo.value;
  // Always fresh figures: a payment may have been taken since.
  const openInfo = (studentId: number) =>
    feesInfo.open(studentId, () => queryClient.fetchQuery({ ...trpc.receipts.feeInfo.queryOptions({ depId: department.id, studentId }), staleTime: 0 }));

  return (
    <>
      <PageHeader title="Receipts" subtitle={`${department.name} · find a student to see their dues or take a payment`} />
      <Paper withBorder radius="md" p="lg" mb="lg" className="no-print">
        <form
          noValidate
          onSubmit={form.onSubmit((values) => setParams({ course: String(values.courseId), q: values.text }))}
        >
          <Group align="flex-start" wrap="wrap">
            <Select
              label="Course"
              placeholder="Choose..."
              data={courses.map((c) => ({ value: String(c.id), label: c.name }))}
              searchable
              autoFocus={!searchedCourse}
              w={280}
              withAsterisk
              {...form.getInputProps('courseId')}
            />
            <TextInput
              label="Search"
              placeholder="Name, admission no or capId"
              leftSection={<IconSearch size={16} />}
              w={320}
              {...form.getInputProps('text')}
            />
            <Button type="submit" mt={25} leftSection={<IconUserSearch size={16} />} loading={results.isFetching}>
              Search
            </Button>
          </Group>
        </form>
      </Paper>

      {feesInfo.error && (
        <Alert color="red" icon={<IconAlertCircle />} mb="md" withCloseButton onClose={feesInfo.dismissError}>
          {feesInfo.error}
        </Alert>
      )}
      {searchedCourse && results.isPending && <PageLoader />}
      {results.isError && (
        <FailureAlert error={results.error} title="Search failed" />
      )}
      {results.data && results.data.count === 0 && (
        <Alert color="gray" icon={<IconUserSearch />} title="No students found">
          No student of {searchedCourse?.name} matches {searchedText ? `"${searchedText}"` : 'this search'}.
        </Alert>
      )}
      {results.data && searchedCourse && (
        <Stack gap="lg">
          {results.data.truncated && (
            <Alert color="yellow" icon={<IconAlertCircle />}>
              Showing the first {results.data.count} students: type part of a name or admission number to narrow the search.
            </Alert>
          )}
          {results.data.batches.map((batch) => (
            <BatchSection key={batch.batchId} name={batch.batchName} count={batch.students.length} noun="student">
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>SNo</Table.Th>
                    <Table.Th w={130}>Adm.No</Table.Th>
                    <Table.Th>Student Name</Table.Th>
                    <Table.Th>Address</Table.Th>
                    <Table.Th w={290}>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {batch.students.map((student, index) => (
                    <Table.Tr key={student.studentId}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>{student.admissionNo}</Table.Td>
                      <Table.Td fw={500}>{student.name}</Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={1} title={student.address}>
                          {student.address}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconEye size={14} />}
                            loading={feesInfo.loading === student.studentId}
                            onClick={() => void openInfo(student.studentId)}
                            aria-label={`View fees of ${student.name}`}
                          >
                            View
                          </Button>
                          <Button
                            size="compact-sm"
                            component={Link}
                            to={receiptEntryPath(department, student, searchedCourse)}
                            leftSection={<IconCash size={14} />}
                            aria-label={`Pay for ${student.name}`}
                          >
                            Pay
                          </Button>
                          <Anchor component={Link} to={studentStatementPath(department, student.studentId)} size="sm">
                            <Group gap={4} wrap="nowrap">
                              <IconFileDescription size={14} />
                              Statement
                            </Group>
                          </Anchor>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </BatchSection>
          ))}
        </Stack>
      )}

      <Modal opened={info !== null} onClose={() => feesInfo.close()} title={<Text fw={700}>Fees Info</Text>} size="lg">
        {info && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {info.student.name} · Adm.No {info.student.admissionNo} · {info.student.courseName}, batch {info.student.batchName}
            </Text>
            <FeesInfoTable rows={info.rows} totals={info.totals} />
            <Text fw={600} size="sm">
              Instalments and fines
            </Text>
            <StudentInstalments depId={department.id} studentId={info.student.id} />
            <Group justify="space-between">
              <Text fw={600}>
                Total balance: <span data-testid="fees-info-balance">{formatRupees(info.totals.balancePaise)}</span>
              </Text>
              <Button variant="default" onClick={() => feesInfo.close()}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
