import { can } from '../../lib/can';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { COURSES } from '@fees/validation';
import {
  IconAlertCircle,
  IconCash,
  IconEye,
  IconFileDescription,
  IconSearch,
  IconUserSearch,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { FailureAlert } from '../../components/FailureAlert';
import { StudentInstalments } from '../../components/InstalmentDues';
import { SearchableSelect } from '../../components/SearchableSelect';
import { type SearchAnswer, useEnterOnAnswer } from '../../lib/enter-on-answer';
import { useLoadThenOpen } from '../../lib/load-then-open';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { FeesInfoTable } from './FeesInfoTable';
import { receiptEntryPath, studentStatementPath } from './links';
import type { FeeInfo, FoundStudent, FoundStudents } from './types';
import { idOf } from '../../lib/ids';
import '../../components/keyboard-hint.css';

/**
 * The counter's Find student: one field, focused on arrival, searching the whole department
 * by name, admission number, capId or phone as one types, with an optional course filter beside it.
 * Enter opens the receipt entry when one student matches (an exact admission number always wins),
 * otherwise moves into the list, where arrows and Enter choose and Escape goes back to the field; an
 * Enter pressed before the answer for the typed text arrives waits for it (useEnterOnAnswer).
 * What was typed stays in the address (?q=&course=), so coming back shows the same list.
 */
export function FindStudent() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [params, setParams] = useSearchParams();
  const courses = COURSES.filter((c) => c.departmentId === department.id);
  const [text, setText] = useState(params.get('q') ?? '');
  const [courseId, setCourseId] = useState<string | null>(
    courses.some((c) => String(c.id) === params.get('course')) ? params.get('course') : null,
  );
  const filter = courseId === null ? {} : { courseId: idOf(courseId) ?? 0 };
  const typed = text.trim();

  // The address follows the keys themselves, never an effect that runs again when the address changes:
  // such a late repeat replaced the address while the receipt entry Enter opened was still loading, and
  // cancelled it.
  const remember = (nextText: string, nextCourseId: string | null) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of [
      ['q', nextText.trim()],
      ['course', nextCourseId ?? ''],
    ] as const) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  };
  const changeText = (nextText: string) => {
    setText(nextText);
    remember(nextText, courseId);
  };
  const changeCourse = (nextCourseId: string | null) => {
    setCourseId(nextCourseId);
    remember(text, nextCourseId);
  };

  const results = useQuery({
    ...trpc.receipts.findStudents.queryOptions({ depId: department.id, text: typed, ...filter }),
    enabled: typed !== '',
    placeholderData: keepPreviousData,
  });
  const shown = typed === '' ? undefined : results.data;

  const fieldRef = useRef<HTMLInputElement>(null);
  const rowRefs = useRef<Array<HTMLTableRowElement | null>>([]);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (focusRow === null || !shown || results.isPlaceholderData) return;
    rowRefs.current[Math.min(focusRow, shown.students.length - 1)]?.focus();
    setFocusRow(null);
  }, [focusRow, shown, results.isPlaceholderData]);

  // Who cannot take receipts (a viewer) opens the student's fees instead of the receipt form.
  const openEntry = (student: FoundStudent) =>
    can('collect')
      ? void navigate(receiptEntryPath(department, student, { id: student.courseId, name: student.courseName }))
      : void openInfo(student.studentId);

  const answer = useMemo((): SearchAnswer<FoundStudents> | undefined => {
    if (typed === '' || results.isPlaceholderData) return undefined;
    if (results.isSuccess) return { text: typed, failed: false, value: results.data };
    return results.isError ? { text: typed, failed: true } : undefined;
  }, [typed, results.isPlaceholderData, results.isSuccess, results.isError, results.data]);
  const enter = useEnterOnAnswer(typed, answer, (found) => {
    const only = found.exact || found.students.length === 1 ? found.students[0] : undefined;
    if (only) openEntry(only);
    else if (found.students.length > 0) setFocusRow(0);
  });
  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') changeText('');
    if (event.key === 'ArrowDown' && shown?.students.length) {
      event.preventDefault();
      setFocusRow(0);
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const search = event.currentTarget.value.trim();
    if (search) enter(search);
  };
  const onRowKey = (index: number, student: FoundStudent) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') openEntry(student);
    else if (event.key === 'ArrowDown') rowRefs.current[index + 1]?.focus();
    else if (event.key === 'ArrowUp') (index === 0 ? fieldRef.current : rowRefs.current[index - 1])?.focus();
    else if (event.key === 'Escape') fieldRef.current?.focus();
    else return;
    event.preventDefault();
  };

  const feesInfo = useLoadThenOpen<FeeInfo>();
  const info = feesInfo.value;
  // Always fresh figures: a payment may have been taken since.
  const openInfo = (studentId: number) =>
    feesInfo.open(studentId, () =>
      queryClient.fetchQuery({
        ...trpc.receipts.feeInfo.queryOptions({ depId: department.id, studentId }),
        staleTime: 0,
      }),
    );

  /** A found student's View, Pay and Statement: the last column on a wide screen, below the name on a phone. */
  const actionsOf = (student: FoundStudent) => (
    <Group gap={6}>
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
      {can('collect') && (
        <Button
          size="compact-sm"
          component={Link}
          to={receiptEntryPath(department, student, { id: student.courseId, name: student.courseName })}
          leftSection={<IconCash size={14} />}
          aria-label={`Pay for ${student.name}`}
        >
          Pay
        </Button>
      )}
      {can('read') && (
        <Anchor component={Link} to={studentStatementPath(department, student.studentId)} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconFileDescription size={14} />
            Statement
          </Group>
        </Anchor>
      )}
    </Group>
  );

  return (
    <>
      <Paper withBorder radius="md" p="lg" mb="lg" className="no-print">
        <Group align="flex-start" wrap="wrap">
          <TextInput
            ref={fieldRef}
            label="Find student"
            description={
              <>
                Admission no, name, CAP id or phone<span className="keyboard-hint"> · Enter opens the receipt</span>
              </>
            }
            placeholder="Type to search"
            leftSection={<IconSearch size={16} />}
            autoComplete="off"
            autoFocus
            data-autofocus
            w={{ base: '100%', sm: 380 }}
            value={text}
            onChange={(event) => changeText(event.currentTarget.value)}
            onKeyDown={onFieldKey}
            rightSection={results.isFetching ? <Loader size={14} /> : null}
          />
          <SearchableSelect
            label="Course"
            description="All courses unless one is chosen"
            placeholder="All courses"
            data={courses.map((c) => ({ value: String(c.id), label: c.name }))}
            clearable
            w={{ base: '100%', sm: 280 }}
            value={courseId}
            onChange={changeCourse}
          />
        </Group>
      </Paper>

      {feesInfo.error && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={feesInfo.dismissError}
        >
          {feesInfo.error}
        </Alert>
      )}
      {results.isError && <FailureAlert error={results.error} title="Search failed" />}
      {shown && shown.students.length === 0 && !results.isPlaceholderData && (
        <Alert color="gray" icon={<IconUserSearch />} title="No students found">
          No student of {department.name} matches "{typed}".
        </Alert>
      )}
      {shown && shown.students.length > 0 && (
        <Paper withBorder radius="md" p="lg" mb="lg">
          {shown.truncated && (
            <Text size="sm" c="dimmed" mb="xs">
              The first {shown.students.length} students: type more to narrow the list.
            </Text>
          )}
          {/* A phone lists name and actions only, so nothing needs sideways scrolling there. */}
          <Table.ScrollContainer minWidth={phone ? 0 : 720}>
            <Table highlightOnHover verticalSpacing="xs" aria-label="Students found">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={{ base: 110, sm: 130 }}>Adm.No</Table.Th>
                  <Table.Th>Student Name</Table.Th>
                  <Table.Th visibleFrom="sm">Course · batch</Table.Th>
                  <Table.Th visibleFrom="sm">Phone</Table.Th>
                  <Table.Th visibleFrom="sm" w={290}>
                    Action
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.students.map((student, index) => (
                  <Table.Tr
                    key={student.studentId}
                    ref={(el) => {
                      rowRefs.current[index] = el;
                    }}
                    tabIndex={-1}
                    aria-label={`${student.admissionNo} ${student.name}`}
                    onKeyDown={onRowKey(index, student)}
                    onDoubleClick={() => openEntry(student)}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>{student.admissionNo}</Table.Td>
                    <Table.Td fw={500}>
                      {student.name}
                      {student.leftOn && (
                        <Badge color="orange" variant="light" ml="xs" title={`Left on ${formatDate(student.leftOn)}`}>
                          Left
                        </Badge>
                      )}
                      <Stack hiddenFrom="sm" gap={4} mt={4} fw={400}>
                        <Text size="xs" c="dimmed">
                          {student.courseName} · {student.batchName}
                        </Text>
                        {actionsOf(student)}
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      {student.courseName} · {student.batchName}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{student.phone ?? ''}</Table.Td>
                    <Table.Td visibleFrom="sm">{actionsOf(student)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <Modal
        opened={info !== null}
        onClose={() => feesInfo.close()}
        title={<Text fw={700}>Fees Info</Text>}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
      >
        {info && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {info.student.name} · Adm.No {info.student.admissionNo} · {info.student.courseName}, batch{' '}
              {info.student.batchName}
            </Text>
            <FeesInfoTable rows={info.rows} totals={info.totals} advancePaise={info.advancePaise} />
            <Text fw={600} size="sm">
              Instalments and fines
            </Text>
            <StudentInstalments depId={department.id} studentId={info.student.id} />
            <Group justify="space-between">
              <Text fw={600}>
                Total balance: <span data-testid="fees-info-balance">{formatRupees(info.totals.balancePaise)}</span>
              </Text>
              <Button variant="default" onClick={() => feesInfo.close()} data-autofocus>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
