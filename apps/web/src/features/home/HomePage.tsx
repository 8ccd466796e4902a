import {
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconCurrencyRupee, IconReceipt, IconReportAnalytics, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DEPARTMENTS } from '../../lib/departments';

/** The spec's home spinner lasts 2 seconds. */
const SPINNER_MS = 2000;

function Navbar() {
  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
      <Container size="lg">
        <Group justify="space-between">
          <Group gap="xs">
            <ThemeIcon size="lg" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
              <IconCurrencyRupee size={20} />
            </ThemeIcon>
            <Text fw={700}>Educational Foundation</Text>
          </Group>
          <Group component="nav" aria-label="Sign in" gap="xs">
            <Button component={Link} to="/" variant="subtle">
              Home
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="subtle" rightSection={<IconChevronDown size={14} />}>
                  Login
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {DEPARTMENTS.map((d) => (
                  <Menu.Item key={d.id} component={Link} to={`/deplogin/${d.id}?dpname=${encodeURIComponent(d.name)}`}>
                    {d.name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="light" rightSection={<IconChevronDown size={14} />}>
                  Admin
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/admlogin/">
                  Login as Admin
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

const FEATURES = [
  { icon: IconUsers, title: 'Students', text: 'Admissions by course and batch in all six departments.' },
  {
    icon: IconReceipt,
    title: 'Fee counter',
    text: 'Receipts in seconds, printed on the letterhead with the amount in words.',
  },
  {
    icon: IconReportAnalytics,
    title: 'Reports',
    text: 'Collections, dues and statements you can trust at the year end.',
  },
];

export default function HomePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) {
    return (
      <Center h="100vh">
        <Loader size="xl" aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Stack gap={0} mih="100vh">
      <Navbar />
      <Box component="main" style={{ flex: 1 }} bg="var(--mantine-color-gray-0)">
        <Container size="lg" py={64}>
          <Stack gap="lg" maw={720}>
            <Title order={1} fz={{ base: 32, md: 44 }}>
              Welcome to the Educational Foundation
            </Title>
            <Text size="lg" c="dimmed">
              Founded in 1964, the foundation has grown from a single school into six institutions: an arts and science
              college with undergraduate and postgraduate courses, a health inspector diploma, a teacher education
              diploma, a college of education and an English medium school. This office manages their admissions and
              fees.
            </Text>
            <Group>
              <Button size="md" component={Link} to="/tuser/">
                Get Started
              </Button>
              <Anchor component={Link} to="/admlogin/">
                Administrator sign-in
              </Anchor>
            </Group>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt={56} spacing="lg">
            {FEATURES.map((f) => (
              <Stack
                key={f.title}
                gap="xs"
                p="lg"
                bg="white"
                style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)' }}
              >
                <ThemeIcon size="xl" variant="light">
                  <f.icon size={24} />
                </ThemeIcon>
                <Text fw={600}>{f.title}</Text>
                <Text size="sm" c="dimmed">
                  {f.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
      <Box component="footer" py="md" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Educational Foundation, est. 1964. All rights reserved.
          </Text>
        </Container>
      </Box>
    </Stack>
  );
}
