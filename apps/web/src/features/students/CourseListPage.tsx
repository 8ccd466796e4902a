import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCash,
  IconDiscount,
  IconDownload,
  IconFileInvoice,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { downloadText, safeFileName, toCsv } from '../../lib/csv';
import { formatDate } from '../../lib/dates';
import { printSoon } from '../../lib/print';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { receiptEntryPath } from '../receipts/links';
import { JoinSchemeDialog } from '../schemes/JoinSchemeDialog';
import { can } from '../../lib/can';
import { editStudentPath, registerPath, statementPath } from './links';
import '../../components/report-table.css';
import { idOf } from '../../lib/ids';

type ListedBatch = RouterOutputs['students']['list']['batches'][number];

function exportBatch(course: string, batch: ListedBatch) {
  notifications.show({ message: 'CSV export started' });
  const csv = toCsv(
    ['SNo', 'Adm.No', 'Student Name', 'CAP ID', 'Phone', 'Admission Date'],
    batch.students.map((s, i) => [i + 1, s.admissionNo, s.name, s.capId, s.phone, formatDate(s.admissionDate)]),
  );
  downloadText(safeFileName(`Students_${course}_Batch_${batch.name}.csv`), csv);
}

/**
 * /list/{courseId}: the course's students grouped by batch, with export, print and edit per batch;
 * an admin selects rows and applies a concession scheme to them.
 */
export default function CourseListPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const courseId = idOf(useParams().courseId) ?? 0;
  const list = useQuery(trpc.students.list.queryOptions({ depId: department.id, courseId }, { enabled: courseId > 0 }));
  // While one batch prints, the others are hidden from paper.
  const [printing, setPrinting] = useState<number | null>(null);
  const isAdmin = can('admin');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [applying, setApplying] = useState(false);
  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  useEffect(() => {
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);

  if (!list.data) {
    return (
      <ReportStates query={list} loadingLabel="Loading the course..." errorTitle="Course not available">
        {() => null}
      </ReportStates>
    );
  }
  const { course, batches, total } = list.data;

  return (
    <>
      <PageHeader
        title={course.name}
        subtitle={
          `${department.name} · ${total} student${total === 1 ? '' : 's'} ` +
          `in ${batches.length} batch${batches.length === 1 ? '' : 'es'}`
        }
        actions={
          <>
            {isAdmin && (
              <Button
                variant="light"
                leftSection={<IconDiscount size={16} />}
                disabled={selected.size === 0}
                onClick={() => setApplying(true)}
              >
                Apply scheme{selected.size > 0 ? ` (${selected.size})` : ''}
              </Button>
            )}
            <Button component={Link} to={registerPath(department, course.id)} leftSection={<IconPlus size={16} />}>
              Admission
            </Button>
          </>
        }
      />
      {isAdmin && (
        <JoinSchemeDialog
          opened={applying}
          onClose={() => {
            setApplying(false);
            setSelected(new Set());
          }}
          depId={department.id}
          target={{ studentIds: [...selected] }}
        />
      )}
      {batches.length === 0 && (
        <EmptyState
          reason={{
            icon: <IconUsers />,
            title: 'No batches yet',
            text: 'An administrator creates the batches of a course; students can then be registered into them.',
          }}
        />
      )}
      <Stack gap="lg">
        {batches.map((batch) => (
          <Paper
            key={batch.id}
            withBorder
            radius="md"
            p="lg"
            className={printing !== null && printing !== batch.id ? 'no-print' : undefined}
            data-testid={`batch-${batch.name}`}
          >
            <Group justify="space-between" mb="sm">
              <div>
                <Title order={2} size="h4">
                  Batch: {batch.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {formatDate(batch.startDate)} to {formatDate(batch.endDate)}
                </Text>
              </div>
              <Group gap="xs">
                <Badge variant="light" size="lg">
                  {batch.students.length} student{batch.students.length === 1 ? '' : 's'}
                </Badge>
                <Group gap="xs" className="no-print">
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                    disabled={batch.students.length === 0}
                    onClick={() => exportBatch(course.name, batch)}
                  >
                    CSV export
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconPrinter size={14} />}
                    disabled={batch.students.length === 0}
                    onClick={() => {
                      setPrinting(batch.id);
                      printSoon();
                    }}
                  >
                    Print
                  </Button>
                </Group>
              </Group>
            </Group>
            {batch.students.length === 0 ? (
              <Text c="dimmed" size="sm" py="md" ta="center">
                No students registered in this batch yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table className="report-table" striped highlightOnHover verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      {isAdmin && (
                        <Table.Th w={40} className="no-print">
                          <Checkbox
                            aria-label={`Select every student of batch ${batch.name}`}
                            checked={batch.students.every((s) => selected.has(s.id))}
                            indeterminate={
                              batch.students.some((s) => selected.has(s.id)) &&
                              !batch.students.every((s) => selected.has(s.id))
                            }
                            onChange={(e) =>
                              toggle(
                                batch.students.map((s) => s.id),
                                e.currentTarget.checked,
                              )
                            }
                          />
                        </Table.Th>
                      )}
                      <Table.Th w={50}>#</Table.Th>
                      <Table.Th>Adm.No</Table.Th>
                      <Table.Th>Student Name</Table.Th>
                      <Table.Th>CAP ID</Table.Th>
                      <Table.Th>Phone</Table.Th>
                      <Table.Th>Admission Date</Table.Th>
                      <Table.Th className="no-print" w={230}>
                        Action
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {batch.students.map((s, i) => (
                      <Table.Tr key={s.id}>
                        {isAdmin && (
                          <Table.Td className="no-print">
                            <Checkbox
                              aria-label={`Select ${s.admissionNo}`}
                              checked={selected.has(s.id)}
                              onChange={(e) => toggle([s.id], e.currentTarget.checked)}
                            />
                          </Table.Td>
                        )}
                        <Table.Td>{i + 1}</Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={editStudentPath(department, s, course)} size="sm">
                            {s.admissionNo}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{s.name}</Table.Td>
                        <Table.Td>{s.capId}</Table.Td>
                        <Table.Td>{s.phone}</Table.Td>
                        <Table.Td>{formatDate(s.admissionDate)}</Table.Td>
                        <Table.Td className="no-print">
                          <Group gap={4} wrap="nowrap">
                            <Button
                              component={Link}
                              to={receiptEntryPath(
                                department,
                                { admissionNo: s.admissionNo, batchId: batch.id },
                                course,
                              )}
                              size="compact-xs"
                              leftSection={<IconCash size={14} />}
                              aria-label={`Pay for ${s.name}`}
                            >
                              Pay
                            </Button>
                            <Button
                              component={Link}
                              to={editStudentPath(department, s, course)}
                              size="compact-xs"
                              variant="subtle"
                              leftSection={<IconPencil size={14} />}
                              aria-label={`Edit ${s.admissionNo}`}
                            >
                              Edit
                            </Button>
                            <Button
                              component={Link}
                              to={statementPath(department, s.id)}
                              size="compact-xs"
                              variant="subtle"
                              color="teal"
                              leftSection={<IconFileInvoice size={14} />}
                              aria-label={`Statement of ${s.admissionNo}`}
                            >
                              Statement
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        ))}
      </Stack>
    </>
  );
}
