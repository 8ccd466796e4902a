import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDiscount } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { can } from '../../lib/can';
import { useTRPC } from '../../lib/trpc';
import { JoinSchemeDialog } from './JoinSchemeDialog';
import { LeaveSchemeDialog } from './LeaveSchemeDialog';

/** The student page's Schemes section: the schemes the student is in and what each gives; admins join and leave. */
export function StudentSchemes({ depId, studentId }: { depId: number; studentId: number }) {
  const trpc = useTRPC();
  const schemes = useQuery(trpc.schemes.ofStudent.queryOptions({ depId, studentId }));
  const isAdmin = can('admin');
  const [joining, { open: openJoin, close: closeJoin }] = useDisclosure(false);
  const [leaving, setLeaving] = useState<number | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" data-testid="student-schemes">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Concession schemes
        </Title>
        {isAdmin && (
          <Button size="xs" variant="light" leftSection={<IconDiscount size={14} />} onClick={openJoin}>
            Join a scheme
          </Button>
        )}
      </Group>
      <FailureAlert error={schemes.error} />
      {schemes.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Not in any scheme.
        </Text>
      )}
      {schemes.data && schemes.data.length > 0 && (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scheme</Table.Th>
              <Table.Th>Since</Table.Th>
              <Table.Th>Discounts</Table.Th>
              {isAdmin && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schemes.data.map((s) => (
              <Table.Tr key={s.schemeId}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{formatDate(s.joinedAt.slice(0, 10))}</Table.Td>
                <Table.Td>
                  {s.heads.length === 0
                    ? 'None'
                    : s.heads.map((h) => `${h.feeHead} ${formatRupees(h.discountPaise)}`).join(', ')}
                </Table.Td>
                {isAdmin && (
                  <Table.Td ta="right">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setLeaving(s.schemeId)}
                      aria-label={`Leave ${s.name}`}
                    >
                      Leave
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {isAdmin && (
        <JoinSchemeDialog opened={joining} onClose={closeJoin} depId={depId} target={{ studentIds: [studentId] }} />
      )}
      {isAdmin && leaving !== null && (
        <LeaveSchemeDialog
          opened
          onClose={() => setLeaving(null)}
          depId={depId}
          schemeId={leaving}
          studentIds={[studentId]}
        />
      )}
    </Paper>
  );
}
