import { Group, Text } from '@mantine/core';

export function ShellFooter() {
  return (
    <Group h="100%" px="md" justify="space-between">
      <Text size="xs" c="dimmed" truncate="end">
        © {new Date().getFullYear()} Educational Foundation, est. 1964. All rights reserved.
      </Text>
    </Group>
  );
}
