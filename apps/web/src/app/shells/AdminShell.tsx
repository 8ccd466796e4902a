import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustments,
  IconCalendarDue,
  IconBuildingBank,
  IconCalendarStats,
  IconChartBar,
  IconCoin,
  IconDatabaseExport,
  IconHistory,
  IconLayoutDashboard,
  IconListDetails,
  IconReportMoney,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { AdminAreaContext } from '../../lib/department-context';
import { DEPARTMENTS } from '../../lib/departments';
import { RequireAuth } from '../guards';
import { ShellFooter } from './ShellFooter';
import { ShellHeader } from './ShellHeader';

const SETTINGS_LINKS = [
  { to: '/admin/adm', label: 'Admin List', icon: IconShieldLock },
  { to: '/admin/useredt', label: 'New Users', icon: IconUsers },
  { to: '/admin/batchedt', label: 'Create Batches', icon: IconCalendarStats },
  { to: '/admin/feeheads', label: 'Fee Heads', icon: IconListDetails },
  { to: '/admin/feelist', label: 'Create Fees', icon: IconCoin },
  { to: '/admin/plans', label: 'Fee plans', icon: IconCalendarDue },
  { to: '/admin/discedt', label: 'Disc/Adjustment', icon: IconAdjustments },
  { to: '/admin/settings', label: 'GST and Letterheads', icon: IconBuildingBank },
  { to: '/admin/backup', label: 'Backup Database', icon: IconDatabaseExport },
  { to: '/admin/audit', label: 'Audit log', icon: IconHistory },
];

/** The admin shell: sidebar with the Settings and Report View groups, content area. */
export function AdminShell() {
  const [opened, { toggle }] = useDisclosure(true);
  const { pathname } = useLocation();
  return (
    <RequireAuth code="ADM">
      <AdminAreaContext.Provider value={true}>
        <AppShell
          header={{ height: 60 }}
          footer={{ height: 36 }}
          navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !opened } }}
          padding="md"
        >
          <AppShell.Header>
            <ShellHeader title="Administration" opened={opened} toggle={toggle} />
          </AppShell.Header>
          <AppShell.Navbar p="xs">
            <ScrollArea>
              <NavLink component={Link} to="/admin" label="Dashboard" leftSection={<IconLayoutDashboard size={18} />} active={pathname === '/admin' || pathname === '/admin/'} />
              <NavLink label="Settings" leftSection={<IconSettings size={18} />} defaultOpened>
                {SETTINGS_LINKS.map((l) => (
                  <NavLink key={l.to} component={Link} to={l.to} label={l.label} leftSection={<l.icon size={16} />} active={pathname.startsWith(l.to)} />
                ))}
              </NavLink>
              <NavLink label="Report View" leftSection={<IconChartBar size={18} />} defaultOpened>
                {DEPARTMENTS.map((d) => (
                  <NavLink key={d.id} component={Link} to={`/admin/rptview/${d.id}`} label={d.name} active={pathname === `/admin/rptview/${d.id}`} />
                ))}
                <NavLink component={Link} to="/admin/collections" label="Collections summary" leftSection={<IconReportMoney size={16} />} active={pathname.startsWith('/admin/collections')} />
              </NavLink>
            </ScrollArea>
          </AppShell.Navbar>
          <AppShell.Main>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
          <AppShell.Footer className="no-print">
            <ShellFooter />
          </AppShell.Footer>
        </AppShell>
      </AdminAreaContext.Provider>
    </RequireAuth>
  );
}
