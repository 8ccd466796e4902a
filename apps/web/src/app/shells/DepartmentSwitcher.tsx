import { NativeSelect, NavLink } from '@mantine/core';
import {
  IconBuildingBank,
  IconCreditCard,
  IconHome,
  IconReceipt,
  IconReceiptRefund,
  IconReport,
  IconUserPlus,
  IconWorldDollar,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEPARTMENTS } from '../../lib/departments';

const SCREENS = [
  { path: '', label: 'Students and courses', icon: IconHome },
  { path: '/register/', label: 'Register student', icon: IconUserPlus },
  { path: '/rcpt/', label: 'Receipts', icon: IconReceipt },
  { path: '/cheques/', label: 'Cheques', icon: IconCreditCard },
  { path: '/reconciliation/', label: 'Reconciliation', icon: IconBuildingBank },
  { path: '/refunds/', label: 'Refunds', icon: IconReceiptRefund },
  { path: '/payments/', label: 'Online payments', icon: IconWorldDollar },
  { path: '/rptview/', label: 'Reports', icon: IconReport },
];

/**
 * The admin menu's way into a department: choose the department, then one of its screens (students and their
 * schemes from the course lists, receipts, cheques, refunds, reports). Its screens lead back to the admin area.
 */
export function DepartmentSwitcher() {
  const [depId, setDepId] = useState<number>(DEPARTMENTS[0]!.id);
  const department = DEPARTMENTS.find((d) => d.id === depId) ?? DEPARTMENTS[0]!;
  return (
    <>
      <NativeSelect
        label="Department"
        size="xs"
        px="xs"
        py={4}
        value={String(depId)}
        onChange={(event) => setDepId(Number(event.currentTarget.value))}
        data={DEPARTMENTS.map((d) => ({ value: String(d.id), label: d.name }))}
      />
      {SCREENS.map((s) => (
        <NavLink
          key={s.path}
          component={Link}
          py={2}
          to={`/${department.prefix}${s.path}`}
          label={s.label}
          aria-label={`${s.label} of ${department.name}`}
          leftSection={<s.icon size={16} />}
        />
      ))}
    </>
  );
}
