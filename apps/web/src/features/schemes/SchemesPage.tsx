import { Button, Checkbox, Group, Modal, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEPARTMENTS } from '@fees/validation';
import { IconDiscount, IconPencil, IconPlus, IconTrash, IconUsersPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Chain, DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ReportStates } from '../../components/ReportStates';
import { deleteDialog, infoDialog } from '../../lib/dialogs';
import { formatRupees } from '../../lib/money';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { JoinSchemeDialog, type JoinTarget } from './JoinSchemeDialog';
import { LeaveSchemeDialog } from './LeaveSchemeDialog';
import { SchemeForm, type SchemeSubmission, schemeValues } from './SchemeForm';
import { idOf } from '../../lib/ids';

const SCHEMES_SUBTITLE =
  'Discounts by rule (RTE, staff wards, siblings): per fee head a percentage of the fee or a fixed amount';
const DEPARTMENT_CHOICES = DEPARTMENTS.map((d) => ({ value: String(d.id), label: d.name }));

/** New or edit: the form in a dialog, loaded from the scheme when editing. */
function SchemeEditor({ schemeId, onClose }: { schemeId: number | 'new'; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scheme = useQuery(
    trpc.schemes.byId.queryOptions({ id: schemeId === 'new' ? 0 : schemeId }, { enabled: schemeId !== 'new' }),
  );
  const done = (result: { Message: string }) => {
    notifications.show({ color: 'teal', closeButtonProps: { 'aria-label': 'Dismiss' }, message: result.Message });
    void queryClient.invalidateQueries({ queryKey: trpc.schemes.pathKey() });
    onClose();
  };
  const create = useMutation(trpc.schemes.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.schemes.update.mutationOptions({ onSuccess: done }));
  const submit = (values: SchemeSubmission) => {
    if (schemeId === 'new') create.mutate(values);
    else update.mutate({ ...values, id: schemeId, version: scheme.data?.version });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={schemeId === 'new' ? 'New concession scheme' : 'Edit concession scheme'}
      size="80rem"
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      {schemeId !== 'new' && scheme.isPending ? (
        <PageLoader />
      ) : (
        <SchemeForm
          initialValues={schemeValues(scheme.data)}
          pending={create.isPending || update.isPending}
          error={create.error ?? update.error ?? scheme.error}
          onSubmit={submit}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

/** A scheme's students in a department: select some to leave, or to apply the scheme again after its rules changed. */
function Members({ schemeId, depId }: { schemeId: number; depId: number }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.schemes.members.queryOptions({ schemeId, depId }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<'leave' | 'apply' | null>(null);
  const rows = members.data ?? [];
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const close = () => {
    setDialog(null);
    setSelected(new Set());
  };
  return (
    <Stack gap="sm">
      <FailureAlert error={members.error} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {rows.length} student{rows.length === 1 ? '' : 's'} in this department; discounts{' '}
          {formatRupees(rows.reduce((s, r) => s + r.discountPaise, 0))}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" disabled={selected.size === 0} onClick={() => setDialog('apply')}>
            Apply again ({selected.size})
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={selected.size === 0}
            onClick={() => setDialog('leave')}
          >
            Leave ({selected.size})
          </Button>
        </Group>
      </Group>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640} mah={480}>
          <Table striped stickyHeader fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select every member"
                    checked={rows.every((r) => selected.has(r.id))}
                    onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.id)) : new Set())}
                  />
                </Table.Th>
                <Table.Th>Adm.No</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Course</Table.Th>
                <Table.Th>Batch</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Discounts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${r.admissionNo}`}
                      checked={selected.has(r.id)}
                      onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{r.admissionNo}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.courseName}</Table.Td>
                  <Table.Td>{r.batchName}</Table.Td>
                  <Table.Td>{r.categoryName}</Table.Td>
                  <Table.Td ta="right">{formatRupees(r.discountPaise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog === 'leave' && (
        <LeaveSchemeDialog opened onClose={close} depId={depId} schemeId={schemeId} studentIds={[...selected]} />
      )}
      {dialog === 'apply' && (
        <JoinSchemeDialog
          opened
          onClose={close}
          depId={depId}
          schemeId={schemeId}
          target={{ studentIds: [...selected] }}
          title="Apply the scheme again"
        />
      )}
    </Stack>
  );
}

/** Join by category: every student of a batch with one category (all SC/ST students of a batch). */
function JoinByCategory({ schemeId }: { schemeId: number }) {
  const trpc = useTRPC();
  const [chain, setChain] = useState<Chain>({ depId: 100, courseId: null, batchId: null });
  const [categoryId, setCategoryId] = useState('');
  const [target, setTarget] = useState<JoinTarget | null>(null);
  const categories = useQuery(trpc.reference.categories.queryOptions());
  return (
    <Group align="flex-end" wrap="wrap">
      <DepartmentCourseBatchSelect course batch native withAsterisk={false} value={chain} onChange={setChain} />
      <NativeSelect
        label="Category"
        value={categoryId}
        onChange={(e) => setCategoryId(e.currentTarget.value)}
        data={[
          { value: '', label: 'Choose... ' },
          ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
      />
      <Button
        leftSection={<IconUsersPlus size={16} />}
        disabled={chain.batchId === null || categoryId === ''}
        onClick={() => setTarget({ batchId: chain.batchId ?? 0, categoryId: idOf(categoryId) ?? 0 })}
      >
        Preview and apply
      </Button>
      {target && (
        <JoinSchemeDialog
          opened
          onClose={() => setTarget(null)}
          depId={chain.depId ?? 0}
          schemeId={schemeId}
          target={target}
          title="Apply to a category"
        />
      )}
    </Group>
  );
}

/** /admin/schemes: the concession schemes, their rules and students; join by category; leave. */
export default function SchemesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schemes = useQuery(trpc.schemes.list.queryOptions());
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [memberDep, setMemberDep] = useState('100');
  const remove = useMutation(
    trpc.schemes.remove.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'teal', closeButtonProps: { 'aria-label': 'Dismiss' }, message: result.Message });
        void queryClient.invalidateQueries({ queryKey: trpc.schemes.pathKey() });
      },
      onError: (error) => infoDialog('Not deleted', errorMessage(error)),
    }),
  );
  const list = schemes.data ?? [];
  const open = list.find((s) => s.id === openId);
  return (
    <>
      <PageHeader
        title="Concession schemes"
        subtitle={SCHEMES_SUBTITLE}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New scheme
          </Button>
        }
      />
      <ReportStates
        query={schemes}
        refreshInPlace
        loadingLabel="Loading schemes..."
        errorTitle="The schemes could not be loaded"
        empty={(all) =>
          all.length === 0 && {
            icon: <IconDiscount />,
            title: 'No schemes yet',
            text: 'New scheme adds one: a rule per fee head, then its students.',
          }
        }
      >
        {() => (
          <Paper withBorder radius="md" p="lg" mb="lg">
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Scheme</Table.Th>
                    <Table.Th ta="right">Rules</Table.Th>
                    <Table.Th ta="right">Students</Table.Th>
                    <Table.Th w={260}>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((s) => (
                    <Table.Tr key={s.id} bg={s.id === openId ? 'var(--mantine-primary-color-light)' : undefined}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td ta="right">{s.rules}</Table.Td>
                      <Table.Td ta="right">{s.members}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() => setOpenId(s.id === openId ? null : s.id)}
                            aria-label={`Students of ${s.name}`}
                          >
                            Students
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setEditing(s.id)}
                            aria-label={`Edit ${s.name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            aria-label={`Delete ${s.name}`}
                            onClick={() =>
                              deleteDialog(`Delete the scheme ${s.name}?`, () => remove.mutate({ id: s.id }))
                            }
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </ReportStates>
      {open && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            {open.name}
          </Title>
          <Title order={3} size="h5" mb="xs">
            Join by category
          </Title>
          <JoinByCategory schemeId={open.id} />
          <Group justify="space-between" mt="lg" mb="xs">
            <Title order={3} size="h5">
              Students
            </Title>
            <NativeSelect
              aria-label="Department of the students"
              value={memberDep}
              onChange={(e) => setMemberDep(e.currentTarget.value)}
              data={DEPARTMENT_CHOICES}
            />
          </Group>
          <Members key={`${open.id}:${memberDep}`} schemeId={open.id} depId={idOf(memberDep) ?? 0} />
        </Paper>
      )}
      {editing !== null && <SchemeEditor key={String(editing)} schemeId={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
