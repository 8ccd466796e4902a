import { Table, Text } from '@mantine/core';

/** The empty state of a list table: one row across all its columns. */
export function NoDataRow({ colSpan }: { colSpan: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md">
          No data available
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
