import { can } from '../../lib/can';
import { Button, Group } from '@mantine/core';
import { IconListDetails, IconUserSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { receiptRegisterPath, receiptSearchPath } from './links';

/**
 * The Receipts page's two views, each at its own address: Find student (to take a payment) and the
 * register of receipts taken. Links, not tabs: each view is a page of its own.
 */
export function ReceiptsTabs({ active }: { active: 'find' | 'register' }) {
  const department = useDepartment();
  // The register lists the department's receipts: for the roles that read its books.
  const views = [
    { key: 'find', label: 'Find student', icon: IconUserSearch, to: receiptSearchPath(department) },
    ...(can('read')
      ? [{ key: 'register', label: 'Receipt register', icon: IconListDetails, to: receiptRegisterPath(department) }]
      : []),
  ] as const;
  return (
    <Group component="nav" aria-label="Receipts" gap="xs" mb="lg">
      {views.map(({ key, label, icon: Icon, to }) => (
        <Button
          key={key}
          component={Link}
          to={to}
          variant={key === active ? 'light' : 'subtle'}
          color={key === active ? undefined : 'gray'}
          leftSection={<Icon size={16} />}
          aria-current={key === active ? 'page' : undefined}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
