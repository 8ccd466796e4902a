import { ActionIcon, Badge, Burger, Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCurrencyRupee, IconKey, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { storedEmail, storedName } from '../../lib/session-storage';
import type { ShellMenu } from './useShellMenu';
import { useLogout } from './useLogout';

/** The top bar: menu button, product name (never wrapped), the area's code (UG, PG, ... ADM), account and Logout. */
export function ShellHeader({ code, name, menu }: { code: string; name: string; menu: ShellMenu }) {
  const logout = useLogout();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={menu.mobileOpened}
          onClick={menu.toggleMobile}
          hiddenFrom="md"
          size="sm"
          aria-label="Menu"
          aria-expanded={menu.mobileOpened}
        />
        <Burger
          opened={menu.desktopOpened}
          onClick={menu.toggleDesktop}
          visibleFrom="md"
          size="sm"
          aria-label="Menu"
          aria-expanded={menu.desktopOpened}
        />
        <ThemeIcon
          size="lg"
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo.8', to: 'cyan.8' }}
          visibleFrom="sm"
          aria-hidden
        >
          <IconCurrencyRupee size={20} />
        </ThemeIcon>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          Fee Management
        </Text>
        <Badge variant="light" size="lg" title={name} style={{ flexShrink: 0 }}>
          {code}
        </Badge>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Text size="sm" c="dimmed" visibleFrom="lg" title={storedEmail() ?? undefined}>
          {storedName()}
        </Text>
        {/* On a phone the two are icons, named for screen readers: with their words they overlap the area's code. */}
        <Button
          variant="subtle"
          px="xs"
          leftSection={<IconKey size={16} />}
          component={Link}
          to="/password"
          visibleFrom="sm"
        >
          Password
        </Button>
        <ActionIcon
          variant="subtle"
          size="lg"
          component={Link}
          to="/password"
          aria-label="Password"
          title="Password"
          hiddenFrom="sm"
        >
          <IconKey size={18} />
        </ActionIcon>
        <Button
          variant="subtle"
          color="red"
          px="xs"
          leftSection={<IconLogout size={16} />}
          onClick={logout}
          visibleFrom="sm"
        >
          Logout
        </Button>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={logout}
          aria-label="Logout"
          title="Logout"
          hiddenFrom="sm"
        >
          <IconLogout size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
