import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { NoDataRow } from '../../../components/NoDataRow';
import { PageHeader } from '../../../components/PageHeader';
import { ReportStates } from '../../../components/ReportStates';
import { storedEmail } from '../../../lib/session-storage';
import { useTRPC } from '../../../lib/trpc';
import { useAccountActions } from '../AccountActions';

/** /admin/adm: the admin accounts, with change password and delete (after a confirm dialog). */
export default function AdminListPage() {
  const trpc = useTRPC();
  const admins = useQuery(trpc.admin.admins.list.queryOptions());
  const actionsOf = useAccountActions('admins');
  const me = storedEmail();
  // A failed admin list is only logged, as the old app did: the dashboard around it still works.
  useEffect(() => {
    if (admins.error) console.error('Admin list failed', admins.error);
  }, [admins.error]);

  return (
    <>
      <PageHeader
        title="List of Admin"
        subtitle="Accounts that can open the admin area and every department"
        actions={
          <Button component={Link} to="/admin/newadm" leftSection={<IconPlus size={16} />}>
            New
          </Button>
        }
      />
      <ReportStates
        query={admins}
        refreshInPlace
        loadingLabel="Loading admins..."
        errorTitle="The admin accounts could not be loaded"
      >
        {() => (
          <Paper withBorder radius="md" maw={760}>
            <Table.ScrollContainer minWidth={520}>
              <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>#</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th w={120}>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(admins.data ?? []).length === 0 && <NoDataRow colSpan={3} />}
                  {admins.data?.map((a, i) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>
                        <Text span size="sm">
                          {a.username}
                        </Text>
                        {a.username === me && (
                          <Badge ml="xs" size="sm" variant="light">
                            you
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{actionsOf(a)}</Table.Td>
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
