import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NoDataRow } from '../../../components/NoDataRow';
import { PageHeader } from '../../../components/PageHeader';
import { ReportStates } from '../../../components/ReportStates';
import { useTRPC } from '../../../lib/trpc';
import { useAccountActions } from '../AccountActions';

/** /admin/useredt: every account with its type and department; new, change password, delete. */
export default function UserListPage() {
  const trpc = useTRPC();
  const users = useQuery(trpc.admin.users.list.queryOptions());
  const actionsOf = useAccountActions('users');

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Department staff sign in at their own department; admins everywhere"
        actions={
          <Button component={Link} to="/admin/nuser" leftSection={<IconPlus size={16} />}>
            New
          </Button>
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
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>Id</Table.Th>
                    <Table.Th>Username</Table.Th>
                    <Table.Th>User type</Table.Th>
                    <Table.Th>Department</Table.Th>
                    <Table.Th w={120}>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(users.data ?? []).length === 0 && <NoDataRow colSpan={5} />}
                  {users.data?.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>{u.id}</Table.Td>
                      <Table.Td>{u.username}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={u.usertype === '1' ? 'grape' : 'blue'}>
                          {u.usertype === '1' ? 'Admin' : 'User'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {u.depname ?? (
                          <Text span c="dimmed" size="sm">
                            All departments
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{actionsOf(u)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </ReportStates>
    </>
  );
}
