import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEPARTMENTS, ROLE_LABELS, servesEveryDepartment } from '@fees/validation';
import { IconLock, IconLockOpen, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoDataRow } from '../../../components/NoDataRow';
import { PageHeader } from '../../../components/PageHeader';
import { ReportStates } from '../../../components/ReportStates';
import { infoDialog } from '../../../lib/dialogs';
import { storedEmail } from '../../../lib/session-storage';
import { errorMessage, type RouterOutputs, useTRPC } from '../../../lib/trpc';
import { useAccountActions } from '../AccountActions';
import { EditAccountDialog, NewAccountDialog } from './AccountDialog';

type Account = RouterOutputs['admin']['users']['list'][number];
type Dialog = { kind: 'new' } | { kind: 'edit'; account: Account } | null;

const codes = (ids: number[]) => ids.map((id) => DEPARTMENTS.find((d) => d.id === id)?.code ?? id).join(', ');

/**
 * /admin/useredt: every account with its name, role, departments and status; an admin creates one,
 * edits its name, role and departments, resets its password or disables it (an account with history
 * is never deleted, and keeps its name there).
 */
export default function UserListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.admin.users.list.queryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const setDisabled = useMutation(
    trpc.admin.users.setDisabled.mutationOptions({
      onSuccess: (account) => {
        notifications.show({
          color: 'green',
          message: `${account.email} ${account.disabledAt ? 'disabled: it cannot sign in' : 'can sign in again'}`,
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: (error) => infoDialog('Not changed', errorMessage(error)),
    }),
  );
  const me = storedEmail();
  // Change password (an administrator's reset) and delete (a disable when the account has history).
  const actionsOf = useAccountActions('users');

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Each account has a role; department roles act for the departments they serve"
        actions={
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'new' })}>
              New account
            </Button>
            <Button variant="default" component={Link} to="/admin/nuser">
              New
            </Button>
          </Group>
        }
      />
      <ReportStates
        query={users}
        refreshInPlace
        loadingLabel="Loading accounts..."
        errorTitle="The accounts could not be loaded"
      >
        {() => (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Departments</Table.Th>
                    <Table.Th w={250}>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(users.data ?? []).length === 0 && <NoDataRow colSpan={5} />}
                  {users.data?.map((u) => (
                    <Table.Tr key={u.id} c={u.disabled ? 'dimmed' : undefined}>
                      <Table.Td title={`Account ${u.id}`}>{u.name}</Table.Td>
                      <Table.Td>{u.username}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <Badge variant="light" color={u.role === 'admin' ? 'grape' : 'blue'}>
                            {ROLE_LABELS[u.role]}
                          </Badge>
                          {u.disabled && (
                            <Badge variant="outline" color="gray">
                              Disabled
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {servesEveryDepartment(u.role) ? (
                          <Text span c="dimmed" size="sm">
                            All departments
                          </Text>
                        ) : (
                          codes(u.depIds)
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setDialog({ kind: 'edit', account: u })}
                            aria-label={`Edit ${u.username}`}
                          >
                            Edit
                          </Button>
                          {u.username !== me && (
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color={u.disabled ? 'green' : 'red'}
                              leftSection={u.disabled ? <IconLockOpen size={14} /> : <IconLock size={14} />}
                              loading={setDisabled.isPending && setDisabled.variables?.id === u.id}
                              onClick={() => setDisabled.mutate({ id: u.id, disabled: !u.disabled })}
                              aria-label={`${u.disabled ? 'Enable' : 'Disable'} ${u.username}`}
                            >
                              {u.disabled ? 'Enable' : 'Disable'}
                            </Button>
                          )}
                          {actionsOf(u)}
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
      {dialog?.kind === 'new' && <NewAccountDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditAccountDialog account={dialog.account} onClose={() => setDialog(null)} />}
    </>
  );
}
