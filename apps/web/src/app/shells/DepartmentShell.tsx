import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import {
  IconBus,
  IconHeartHandshake,
  IconArrowBackUp,
  IconBook,
  IconChartBar,
  IconChecklist,
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
} from '@tabler/icons-react';
import { COURSES } from '@fees/validation';
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

/** The department shell: top bar, collapsible side menu of the department's screens, footer. */
export function DepartmentShell({ department }: { department: Department }) {
  const menu = useShellMenu();
  const { pathname } = useLocation();
  const base = `/${department.prefix}`;
  const courses = COURSES.filter((c) => c.departmentId === department.id);
  const is = (path: string) => pathname === path || pathname === `${path}/`;
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
              {can('read') && (
                <NavLink
                  component={Link}
                  to={base}
                  label="Dashboard"
                  leftSection={<IconHome size={18} />}
                  active={is(base)}
                />
              )}
              {can('read') && (
                <MenuGroup label="Courses" icon={<IconSchool size={18} />} defaultOpened={pathname.includes('/list/')}>
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
              )}
              {can('write') && (
                <NavLink
                  component={Link}
                  to={`${base}/register/`}
                  label="Register student"
                  leftSection={<IconUserPlus size={18} />}
                  active={is(`${base}/register`)}
                />
              )}
              {can('write') && (
                <NavLink
                  component={Link}
                  to={`${base}/import/`}
                  label="Import students"
                  leftSection={<IconFileImport size={18} />}
                  active={is(`${base}/import`)}
                />
              )}
              {can('write') && (
                <NavLink
                  component={Link}
                  to={`${base}/import/guardians/`}
                  label="Import guardians"
                  leftSection={<IconAddressBook size={18} />}
                  active={is(`${base}/import/guardians`)}
                />
              )}
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/optional/`}
                  label="Optional heads"
                  leftSection={<IconBus size={18} />}
                  active={is(`${base}/optional`)}
                />
              )}
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/sponsors/`}
                  label="Sponsors"
                  leftSection={<IconHeartHandshake size={18} />}
                  active={is(`${base}/sponsors`)}
                />
              )}
              <NavLink
                component={Link}
                to={`${base}/rcpt/`}
                label="Receipts"
                leftSection={<IconReceipt size={18} />}
                active={is(`${base}/rcpt`)}
              />
              <NavLink
                component={Link}
                to={`${base}/daybook/`}
                label="Day book"
                leftSection={<IconBook size={18} />}
                active={is(`${base}/daybook`)}
              />
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/refunds/`}
                  label="Refunds"
                  leftSection={<IconReceiptRefund size={18} />}
                  active={is(`${base}/refunds`)}
                />
              )}
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/cheques/`}
                  label="Cheques"
                  leftSection={<IconCreditCard size={18} />}
                  active={is(`${base}/cheques`)}
                />
              )}
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/payments/`}
                  label="Online payments"
                  leftSection={<IconWorldDollar size={18} />}
                  active={is(`${base}/payments`)}
                />
              )}
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/reconciliation/`}
                  label="Reconciliation"
                  leftSection={<IconBuildingBank size={18} />}
                  active={is(`${base}/reconciliation`)}
                />
              )}
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/approvals/`}
                  label="Approvals"
                  leftSection={<IconChecklist size={18} />}
                  active={is(`${base}/approvals`)}
                />
              )}
              {can('read') && (
                <NavLink
                  component={Link}
                  to={`${base}/messages/`}
                  label="Messages"
                  leftSection={<IconMail size={18} />}
                  active={is(`${base}/messages`)}
                />
              )}
              {can('read') && (
                <MenuGroup
                  label="Reports"
                  icon={<IconChartBar size={18} />}
                  defaultOpened={
                    pathname.startsWith(`${base}/r`) ||
                    pathname.includes('dues') ||
                    pathname.includes('defaulters') ||
                    pathname.includes('notices')
                  }
                >
                  <NavLink
                    component={Link}
                    to={`${base}/rptview/`}
                    label="All reports"
                    active={is(`${base}/rptview`)}
                  />
                  <NavLink
                    component={Link}
                    to={`${base}/rptfee/`}
                    label="Fee receipts by course"
                    active={is(`${base}/rptfee`)}
                  />
                  <NavLink component={Link} to={`${base}/dues/`} label="Dues" active={is(`${base}/dues`)} />
                  <NavLink
                    component={Link}
                    to={`${base}/duesasof/`}
                    label="Dues as of a date"
                    active={is(`${base}/duesasof`)}
                  />
                  <NavLink
                    component={Link}
                    to={`${base}/defaulters/`}
                    label="Defaulters"
                    active={is(`${base}/defaulters`)}
                  />
                  <NavLink
                    component={Link}
                    to={`${base}/notices/`}
                    label="Demand notices"
                    active={is(`${base}/notices`)}
                  />
                  <NavLink
                    component={Link}
                    to={`${base}/finfo/`}
                    label="Student fee information"
                    active={is(`${base}/finfo`)}
                  />
                  <NavLink
                    component={Link}
                    to={`${base}/rcpt_dtws/`}
                    label="Receipts between dates"
                    active={is(`${base}/rcpt_dtws`)}
                  />
                  <NavLink
                    component={Link}
                    to={`${base}/collections/`}
                    label="Collections summary"
                    active={is(`${base}/collections`)}
                  />
                </MenuGroup>
              )}
              {can('audit') && (
                <NavLink
                  component={Link}
                  to={`${base}/audit/`}
                  label="Audit log"
                  leftSection={<IconHistory size={18} />}
                  active={is(`${base}/audit`)}
                />
              )}
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
