import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import {
  IconBus,
  IconArrowBigUpLines,
  IconHeartHandshake,
  IconArrowBackUp,
  IconBook,
  IconChartBar,
  IconChecklist,
  IconDiscount,
  IconAddressBook,
  IconBuildingBank,
  IconFileImport,
  IconHistory,
  IconHome,
  IconReceipt,
  IconCreditCard,
  IconMail,
  IconWorldDollar,
  IconReceiptRefund,
  IconSchool,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import { COURSES, type Capability } from '@fees/validation';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { can } from '../../lib/can';
import { DepartmentProvider } from '../../lib/department-context';
import type { Department } from '../../lib/departments';
import { RequireAuth } from '../guards';
import { MenuGroup } from './MenuGroup';
import { ShellFooter } from './ShellFooter';
import { ShellHeader } from './ShellHeader';
import { navbarOf, useShellMenu } from './useShellMenu';

/** A screen of the department menu: shown to whoever has its capability (null: every role). */
type MenuEntry = { label: string; path: string; icon: Icon; capability: Capability | null };

/** The department menu in order; the two groups (the department's courses, its reports) at their places. */
const MENU: readonly (MenuEntry | 'courses' | 'reports')[] = [
  { label: 'Dashboard', path: '', icon: IconHome, capability: 'read' },
  'courses',
  { label: 'Register student', path: '/register/', icon: IconUserPlus, capability: 'write' },
  { label: 'Import students', path: '/import/', icon: IconFileImport, capability: 'write' },
  { label: 'Import guardians', path: '/import/guardians/', icon: IconAddressBook, capability: 'write' },
  { label: 'Promote students', path: '/promote/', icon: IconArrowBigUpLines, capability: 'write' },
  { label: 'Optional heads', path: '/optional/', icon: IconBus, capability: 'read' },
  { label: 'Sponsors', path: '/sponsors/', icon: IconHeartHandshake, capability: 'read' },
  { label: 'Discounts', path: '/discounts/', icon: IconDiscount, capability: 'discount' },
  { label: 'Receipts', path: '/rcpt/', icon: IconReceipt, capability: null },
  { label: 'Day book', path: '/daybook/', icon: IconBook, capability: null },
  { label: 'Refunds', path: '/refunds/', icon: IconReceiptRefund, capability: 'read' },
  { label: 'Cheques', path: '/cheques/', icon: IconCreditCard, capability: 'read' },
  { label: 'Online payments', path: '/payments/', icon: IconWorldDollar, capability: 'read' },
  { label: 'Reconciliation', path: '/reconciliation/', icon: IconBuildingBank, capability: 'read' },
  { label: 'Approvals', path: '/approvals/', icon: IconChecklist, capability: 'read' },
  { label: 'Messages', path: '/messages/', icon: IconMail, capability: 'read' },
  'reports',
  { label: 'Audit log', path: '/audit/', icon: IconHistory, capability: 'audit' },
];

/** The Reports group, for whoever reads the department. */
const REPORTS: readonly { label: string; path: string }[] = [
  { label: 'All reports', path: '/rptview/' },
  { label: 'Fee receipts by course', path: '/rptfee/' },
  { label: 'Dues', path: '/dues/' },
  { label: 'Dues as of a date', path: '/duesasof/' },
  { label: 'Defaulters', path: '/defaulters/' },
  { label: 'Demand notices', path: '/notices/' },
  { label: 'Student fee information', path: '/finfo/' },
  { label: 'Receipts between dates', path: '/rcpt_dtws/' },
  { label: 'Collections summary', path: '/collections/' },
  // Beside the menu's Refunds (the vouchers to write), the report of those paid and voided.
  { label: 'Refunds report', path: '/rptrefunds/' },
];

/** The department shell: top bar, collapsible side menu of the department's screens, footer. */
export function DepartmentShell({ department }: { department: Department }) {
  const menu = useShellMenu();
  const { pathname } = useLocation();
  const base = `/${department.prefix}`;
  const courses = COURSES.filter((c) => c.departmentId === department.id);
  const is = (path: string) => pathname === path || pathname === `${path}/`;
  // Its own screens only: Receipts, Refunds and Reconciliation begin with an r too.
  const onReport = REPORTS.some((r) => pathname.startsWith(`${base}${r.path}`) || is(`${base}${r.path.slice(0, -1)}`));
  // The dashboard is a department's figures: who cannot read them (a cashier) starts at the receipts.
  if (is(base) && !can('read')) return <Navigate to={`${base}/rcpt/`} replace />;
  return (
    <RequireAuth code={department.code}>
      <DepartmentProvider department={department}>
        <AppShell header={{ height: 60 }} footer={{ height: 36 }} navbar={navbarOf(menu)} padding="md">
          <AppShell.Header>
            <ShellHeader code={department.code} name={department.name} menu={menu} />
          </AppShell.Header>
          <AppShell.Navbar p="xs" aria-label={`${department.name} menu`} onClick={menu.onNavbarClick}>
            <AppShell.Section grow component={ScrollArea}>
              {can('admin') && (
                <NavLink
                  component={Link}
                  to="/admin"
                  label="Back to administration"
                  leftSection={<IconArrowBackUp size={18} />}
                  fw={600}
                />
              )}
              {MENU.map((entry) => {
                if (entry === 'courses')
                  return (
                    can('read') && (
                      <MenuGroup
                        key={entry}
                        label="Courses"
                        icon={<IconSchool size={18} />}
                        defaultOpened={pathname.includes('/list/')}
                      >
                        {courses.map((c) => (
                          <NavLink
                            key={c.id}
                            component={Link}
                            to={`${base}/list/${c.id}?course=${encodeURIComponent(c.name)}&depurl=${department.prefix}`}
                            label={c.name}
                            active={pathname === `${base}/list/${c.id}`}
                          />
                        ))}
                      </MenuGroup>
                    )
                  );
                if (entry === 'reports')
                  return (
                    can('read') && (
                      <MenuGroup key={entry} label="Reports" icon={<IconChartBar size={18} />} defaultOpened={onReport}>
                        {REPORTS.map((r) => (
                          <NavLink
                            key={r.path}
                            component={Link}
                            to={`${base}${r.path}`}
                            label={r.label}
                            active={is(`${base}${r.path.slice(0, -1)}`)}
                          />
                        ))}
                      </MenuGroup>
                    )
                  );
                return (
                  (entry.capability === null || can(entry.capability)) && (
                    <NavLink
                      key={entry.path}
                      component={Link}
                      to={`${base}${entry.path}`}
                      label={entry.label}
                      leftSection={<entry.icon size={18} />}
                      active={is(`${base}${entry.path.replace(/\/$/, '')}`)}
                    />
                  )
                );
              })}
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
      </DepartmentProvider>
    </RequireAuth>
  );
}
