import { Badge, Burger, Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCurrencyRupee, IconLogout } from '@tabler/icons-react';
import { storedEmail } from '../../lib/session-storage';
import { useLogout } from './useLogout';

export function ShellHeader({ title, opened, toggle }: { title: string; opened: boolean; toggle: () => void }) {
  const logout = useLogout();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle menu" />
        <ThemeIcon size="lg" radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
          <IconCurrencyRupee size={20} />
        </ThemeIcon>
        <Text fw={700} visibleFrom="xs">
          Fee Management
        </Text>
        <Badge variant="light" size="lg">
          {title}
        </Badge>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {storedEmail()}
        </Text>
        <Button variant="subtle" color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          Logout
        </Button>
      </Group>
    </Group>
  );
}
