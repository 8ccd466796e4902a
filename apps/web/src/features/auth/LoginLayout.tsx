import { Center } from '@mantine/core';
import type { ReactNode } from 'react';

export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      {children}
    </Center>
  );
}
