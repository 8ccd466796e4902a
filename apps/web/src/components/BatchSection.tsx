import { Badge, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One batch of a course's list: 'Batch: {name}' with how many rows it has, then its table. */
export function BatchSection({
  name,
  count,
  noun,
  children,
}: {
  name: string;
  count: number;
  noun: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={`batch-${name}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Batch: {name}
        </Title>
        <Badge variant="light">
          {count.toLocaleString('en-IN')} {noun}
          {count === 1 ? '' : 's'}
        </Badge>
      </Group>
      {children}
    </Paper>
  );
}
