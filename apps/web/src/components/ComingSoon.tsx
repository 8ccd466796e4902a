import { Alert, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';

/** A menu entry whose screen arrives in a later release: it routes, and says so plainly. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <Title order={2} mb="md">
        {title}
      </Title>
      <Alert icon={<IconHourglass />} title="Coming in a later release" color="gray" variant="light">
        This screen is part of the next release of the fee management system.
      </Alert>
    </>
  );
}
