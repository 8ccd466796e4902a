import { Tabs } from '@mantine/core';
import { IconListDetails, IconUserSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { receiptRegisterPath, receiptSearchPath } from './links';

/** The Receipts page's two views: Find student (to take a payment) and the register of receipts taken. */
export function ReceiptsTabs({ active }: { active: 'find' | 'register' }) {
  const department = useDepartment();
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      mb="lg"
      onChange={(tab) =>
        void navigate(tab === 'register' ? receiptRegisterPath(department) : receiptSearchPath(department))
      }
    >
      <Tabs.List>
        <Tabs.Tab value="find" leftSection={<IconUserSearch size={16} />}>
          Find student
        </Tabs.Tab>
        <Tabs.Tab value="register" leftSection={<IconListDetails size={16} />}>
          Receipt register
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
