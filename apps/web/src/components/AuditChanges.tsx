import { Table, Text } from '@mantine/core';
import { type AuditNames, auditChanges } from '../lib/audit-changes';

/** An audit entry's fields, before and after; changed ones in bold (all of them for an edit, the changed only). */
export function AuditChanges({
  action,
  before,
  after,
  onlyChanged = false,
  names,
}: {
  action: string;
  before: unknown;
  after: unknown;
  onlyChanged?: boolean;
  /** Names of the heads, schemes and users the entry's ids stand for. */
  names?: AuditNames;
}) {
  const rows = auditChanges(action, before, after, names).filter((c) => !onlyChanged || c.changed);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No recorded fields.
      </Text>
    );
  }
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field} fw={row.changed && before !== null && after !== null ? 700 : undefined}>
            <Table.Td>{row.field}</Table.Td>
            <Table.Td>{row.before}</Table.Td>
            <Table.Td>{row.after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
