import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import {
  IconAdjustments,
  IconCalendarDue,
  IconBuildingBank,
  IconBuildingCommunity,
  IconCalendarStats,
  IconChartBar,
  IconChecklist,
  IconCoin,
  IconDatabaseExport,
  IconHistory,
  IconLayoutDashboard,
  IconListDetails,
  IconMail,
  IconMessageCog,
  IconReceiptRefund,
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
import { DepartmentSwitcher } from './DepartmentSwitcher';
import { MenuGroup } from './MenuGroup';
import { ShellFooter } from './ShellFooter';
import { ShellHeader } from './ShellHeader';
import { navbarOf, useShellMenu } from './useShellMenu';

/** A Settings link, also lit on the screens it leads to (also). */
const SETTINGS_LINKS: Array<{ to: string; label: string; icon: typeof IconSettings; also?: string }> = [
  { to: '/admin/adm', label: 'Admin List', icon: IconShieldLock },
  { to: '/admin/useredt', label: 'New Users', icon: IconUsers },
  // The yearly promotion is reached from the batches (its own link would push Report View below a 768 px screen).
  { to: '/admin/batchedt', label: 'Create Batches', icon: IconCalendarStats, also: '/admin/promote' },
  { to: '/admin/feeheads', label: 'Fee Heads', icon: IconListDetails },
  { to: '/admin/feelist', label: 'Create Fees', icon: IconCoin },
  { to: '/admin/plans', label: 'Fee plans', icon: IconCalendarDue },
  { to: '/admin/discedt', label: 'Disc/Adjustment', icon: IconAdjustments },
  { to: '/admin/settings', label: 'GST and Letterheads', icon: IconBuildingBank },
  { to: '/admin/messages', label: 'Messages', icon: IconMessageCog },
  { to: '/admin/backup', label: 'Backup Database', icon: IconDatabaseExport },
  { to: '/admin/audit', label: 'Audit log', icon: IconHistory },
];

/**
 * The admin shell: sidebar with the collapsible Settings and Report View groups, content area. The
 * groups' links have no padding of their own so that both groups, open, fit a 768 px high screen with every
 * department and the collections and refunds reports; Messages and Approvals, closed but on their own screens,
 * come after them.
 */
export function AdminShell() {
  const menu = useShellMenu();
  const { pathname } = useLocation();
  return (
    <RequireAuth code="ADM">
      <AdminAreaContext.Provider value={true}>
        <AppShell header={{ height: 60 }} footer={{ height: 36 }} navbar={navbarOf(menu)} padding="md">
          <AppShell.Header>
            <ShellHeader code="ADM" name="Administration" menu={menu} />
          </AppShell.Header>
          <AppShell.Navbar p="xs" aria-label="Administration menu" onClick={menu.onNavbarClick}>
            <AppShell.Section grow component={ScrollArea}>
              <NavLink
                component={Link}
                to="/admin"
                label="Dashboard"
                leftSection={<IconLayoutDashboard size={18} />}
                active={pathname === '/admin' || pathname === '/admin/'}
              />
              <MenuGroup label="Settings" icon={<IconSettings size={18} />}>
                {SETTINGS_LINKS.map((l) => (
                  <NavLink
                    key={l.to}
                    component={Link}
                    py={0}
                    to={l.to}
                    label={l.label}
                    leftSection={<l.icon size={16} />}
                    active={
                      l.to === '/admin/messages'
                        ? pathname === l.to
                        : pathname.startsWith(l.to) || (l.also !== undefined && pathname.startsWith(l.also))
                    }
                  />
                ))}
              </MenuGroup>
              <MenuGroup label="Report View" icon={<IconChartBar size={18} />}>
                {DEPARTMENTS.map((d) => (
                  <NavLink
                    key={d.id}
                    component={Link}
                    py={0}
                    to={`/admin/rptview/${d.id}`}
                    label={d.name}
                    active={pathname === `/admin/rptview/${d.id}`}
                  />
                ))}
                <NavLink
                  component={Link}
                  py={0}
                  to="/admin/collections"
                  label="Collections summary"
                  leftSection={<IconReportMoney size={16} />}
                  active={pathname.startsWith('/admin/collections')}
                />
                <NavLink
                  component={Link}
                  py={0}
                  to="/admin/refunds"
                  label="Refunds report"
                  leftSection={<IconReceiptRefund size={16} />}
                  active={pathname.startsWith('/admin/refunds')}
                />
              </MenuGroup>
              <MenuGroup
                label="Messages"
                icon={<IconMail size={18} />}
                defaultOpened={pathname.startsWith('/admin/messages/')}
              >
                {DEPARTMENTS.map((d) => (
                  <NavLink
                    key={d.id}
                    component={Link}
                    py={2}
                    to={`/admin/messages/${d.id}`}
                    label={d.name}
                    active={pathname === `/admin/messages/${d.id}`}
                  />
                ))}
              </MenuGroup>
              <MenuGroup
                label="Approvals"
                icon={<IconChecklist size={18} />}
                defaultOpened={pathname.startsWith('/admin/approvals/')}
              >
                {DEPARTMENTS.map((d) => (
                  <NavLink
                    key={d.id}
                    component={Link}
                    py={2}
                    to={`/admin/approvals/${d.id}`}
                    label={d.name}
                    active={pathname === `/admin/approvals/${d.id}`}
                  />
                ))}
              </MenuGroup>
              {/* Last, folded: the Settings and Report View links above still fit a 768 px high screen. */}
              <MenuGroup label="Departments" icon={<IconBuildingCommunity size={18} />} defaultOpened={false}>
                <DepartmentSwitcher />
              </MenuGroup>
            </AppShell.Section>
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
