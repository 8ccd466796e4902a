/**
 * Every route of the spec, each screen loaded on first visit (route-level code splitting), each with
 * the plain error screen in place of the router's developer page.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { DepartmentFromParams } from '../lib/department-context';
import { DEPARTMENTS } from '../lib/departments';
import type { Department } from '../lib/departments';
import { ScreenError } from './ScreenError';

type PageModule = Promise<{ default: ComponentType }>;

function page(load: () => PageModule): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return { lazy: async () => ({ Component: (await load()).default }), HydrateFallback: PageLoader };
}

/** An admin route that works for the department named by its :depId parameter. */
function forDepartmentParam(load: () => PageModule): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    HydrateFallback: PageLoader,
    lazy: async () => {
      const Page = (await load()).default;
      return {
        Component: () => (
          <DepartmentFromParams>
            <Page />
          </DepartmentFromParams>
        ),
      };
    },
  };
}

const departmentPages = {
  dashboard: () => import('../features/students/DepartmentDashboardPage'),
  courseList: () => import('../features/students/CourseListPage'),
  register: () => import('../features/students/RegisterStudentPage'),
  edit: () => import('../features/students/EditStudentPage'),
  importStudents: () => import('../features/students/ImportStudentsPage'),
  importContacts: () => import('../features/messages/ImportContactsPage'),
  receiptSearch: () => import('../features/receipts/ReceiptSearchPage'),
  receiptRegister: () => import('../features/receipts/ReceiptRegisterPage'),
  receiptEntry: () => import('../features/receipts/ReceiptEntryPage'),
  editReceipt: () => import('../features/receipts/EditReceiptPage'),
  receiptSuccess: () => import('../features/receipts/ReceiptSuccessPage'),
  reportMenu: () => import('../features/reports/ReportMenuPage'),
  feeReceiptReport: () => import('../features/reports/FeeReceiptReportPage'),
  dues: () => import('../features/reports/DuesReportPage'),
  duesAsOf: () => import('../features/reports/DuesAsOfPage'),
  defaulters: () => import('../features/reports/DefaultersPage'),
  notices: () => import('../features/plans/DemandNoticesPage'),
  studentFee: () => import('../features/reports/StudentFeeReportPage'),
  receiptsBetweenDates: () => import('../features/reports/ReceiptsBetweenDatesPage'),
  collections: () => import('../features/reports/CollectionsSummaryPage'),
  refundsReport: () => import('../features/reports/RefundsReportPage'),
  dayBook: () => import('../features/reports/DayBookPage'),
  books: () => import('../features/books/BooksPage'),
  ledgers: () => import('../features/books/LedgerMappingPage'),
  concessions: () => import('../features/reports/ConcessionsPage'),
  statement: () => import('../features/reports/StudentStatementPage'),
  refunds: () => import('../features/refunds/RefundsPage'),
  cheques: () => import('../features/cheques/ChequesPage'),
  reconciliation: () => import('../features/reconciliation/ReconciliationPage'),
  bankStatement: () => import('../features/reconciliation/StatementPage'),
  settlements: () => import('../features/reconciliation/SettlementsPage'),
  refundVoucher: () => import('../features/refunds/RefundVoucherPage'),
  messages: () => import('../features/messages/MessagesPage'),
  optionalHeads: () => import('../features/optional-heads/OptionalHeadsPage'),
  sponsors: () => import('../features/sponsors/SponsorsPage'),
  promotion: () => import('../features/promotions/PromotionPage'),
  noDues: () => import('../features/leaving/NoDuesCertificatePage'),
  payments: () => import('../features/payments/PaymentLinksPage'),
  approvals: () => import('../features/approvals/ApprovalsPage'),
  discounts: () => import('../features/discounts/DiscountListPage'),
  newDiscount: () => import('../features/discounts/NewDiscountPage'),
  editDiscount: () => import('../features/discounts/EditDiscountPage'),
};

function departmentRoutes(prefix: string): RouteObject[] {
  const routes: RouteObject[] = [
    { index: true, ...page(departmentPages.dashboard) },
    { path: 'list/:courseId', ...page(departmentPages.courseList) },
    { path: 'register', ...page(departmentPages.register) },
    { path: 'edit', ...page(departmentPages.edit) },
    { path: 'import', ...page(departmentPages.importStudents) },
    { path: 'import/guardians', ...page(departmentPages.importContacts) },
    { path: 'rcpt', ...page(departmentPages.receiptSearch) },
    { path: 'rcpt/register', ...page(departmentPages.receiptRegister) },
    { path: 'receipt/:admNo', ...page(departmentPages.receiptEntry) },
    { path: 'inv/edit/:receiptNo', ...page(departmentPages.editReceipt) },
    { path: 'inv/success', ...page(departmentPages.receiptSuccess) },
    { path: 'refunds', ...page(departmentPages.refunds) },
    { path: 'cheques', ...page(departmentPages.cheques) },
    { path: 'reconciliation', ...page(departmentPages.reconciliation) },
    { path: 'reconciliation/settlements', ...page(departmentPages.settlements) },
    { path: 'reconciliation/:statementId', ...page(departmentPages.bankStatement) },
    { path: 'refunds/:number', ...page(departmentPages.refundVoucher) },
    { path: 'rptview', ...page(departmentPages.reportMenu) },
    { path: 'rptfee', ...page(departmentPages.feeReceiptReport) },
    { path: 'dues', ...page(departmentPages.dues) },
    { path: 'duesasof', ...page(departmentPages.duesAsOf) },
    { path: 'defaulters', ...page(departmentPages.defaulters) },
    { path: 'notices', ...page(departmentPages.notices) },
    { path: 'finfo', ...page(departmentPages.studentFee) },
    { path: 'rcpt_dtws', ...page(departmentPages.receiptsBetweenDates) },
    { path: 'collections', ...page(departmentPages.collections) },
    { path: 'daybook', ...page(departmentPages.dayBook) },
    { path: 'books', ...page(departmentPages.books) },
    { path: 'ledgers', ...page(departmentPages.ledgers) },
    { path: 'concessions', ...page(departmentPages.concessions) },
    { path: 'rptrefunds', ...page(departmentPages.refundsReport) },
    { path: 'audit', ...page(() => import('../features/audit/DepartmentAuditLogPage')) },
    { path: 'statement/:studentId', ...page(departmentPages.statement) },
    { path: 'messages', ...page(departmentPages.messages) },
    { path: 'optional', ...page(departmentPages.optionalHeads) },
    { path: 'sponsors', ...page(departmentPages.sponsors) },
    { path: 'promote', ...page(departmentPages.promotion) },
    { path: 'no-dues/:number', ...page(departmentPages.noDues) },
    { path: 'payments', ...page(departmentPages.payments) },
    { path: 'approvals', ...page(departmentPages.approvals) },
    { path: 'discounts', ...page(departmentPages.discounts) },
    { path: 'discounts/new', ...page(departmentPages.newDiscount) },
    { path: 'discounts/:id', ...page(departmentPages.editDiscount) },
    { path: '*', element: <Navigate to={`/${prefix}`} replace /> },
  ];
  if (prefix === 'pg')
    routes.push({ path: 'rcpt_dtws/:depId/:depName', ...page(departmentPages.receiptsBetweenDates) });
  return routes;
}

/** The shells load with the first screen that needs them: the home page and logins ship neither. */
function departmentShell(department: Department): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    HydrateFallback: PageLoader,
    lazy: async () => {
      const { DepartmentShell } = await import('./shells/DepartmentShell');
      return { Component: () => <DepartmentShell department={department} /> };
    },
  };
}

const healthInspector = DEPARTMENTS.find((d) => d.prefix === 'hic')!;

/**
 * The error screen on every route, not only the outer ones: a screen that breaks leaves its shell
 * (menu and sign-out) standing, and the router's own page, with its stack trace, never shows.
 */
function withErrorScreen(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        ...route,
        ErrorBoundary: ScreenError,
        ...(route.children ? { children: withErrorScreen(route.children) } : {}),
      }) as RouteObject,
  );
}

export const router = createBrowserRouter(
  withErrorScreen([
    { path: '/', ...page(() => import('../features/home/HomePage')) },
    { path: '/deplogin/:depId', ...page(() => import('../features/auth/DepartmentLoginPage')) },
    { path: '/admlogin', ...page(() => import('../features/auth/AdminLoginPage')) },
    { path: '/login', ...page(() => import('../features/auth/AdminLoginPage')) },
    { path: '/tuser', ...page(() => import('../features/auth/StaffLoginPage')) },
    { path: '/password', ...page(() => import('../features/auth/OwnPasswordPage')) },
    {
      HydrateFallback: PageLoader,
      lazy: async () => ({ Component: (await import('./shells/SignedInLayout')).SignedInLayout }),
      children: [
        ...DEPARTMENTS.map((d) => ({
          path: `/${d.prefix}`,
          ...departmentShell(d),
          children: departmentRoutes(d.prefix),
        })),
        // The old student list linked health inspector edits as /dhi/edit; both work.
        {
          path: '/dhi',
          ...departmentShell(healthInspector),
          children: [
            { path: 'edit', ...page(departmentPages.edit) },
            { path: '*', element: <Navigate to="/hic" replace /> },
          ],
        },
        {
          path: '/admin',
          HydrateFallback: PageLoader,
          lazy: async () => ({ Component: (await import('./shells/AdminShell')).AdminShell }),
          children: [
            { index: true, ...page(() => import('../features/admin/AdminDashboardPage')) },
            { path: 'adm', ...page(() => import('../features/admin/accounts/AdminListPage')) },
            { path: 'newadm', ...page(() => import('../features/admin/accounts/NewAdminPage')) },
            { path: 'adm/edt/:id/:email', ...page(() => import('../features/admin/accounts/ChangeAdminPasswordPage')) },
            { path: 'useredt', ...page(() => import('../features/admin/users/UserListPage')) },
            { path: 'nuser', ...page(() => import('../features/admin/users/NewUserPage')) },
            { path: 'user/edt/:id/:email', ...page(() => import('../features/admin/users/ChangeUserPasswordPage')) },
            { path: 'batchedt', ...page(() => import('../features/batches/BatchListPage')) },
            { path: 'batch', ...page(() => import('../features/batches/NewBatchPage')) },
            { path: 'bedit', ...page(() => import('../features/batches/EditBatchPage')) },
            { path: 'promote', ...page(departmentPages.promotion) },
            { path: 'feeheads', ...page(() => import('../features/fees/FeeHeadsPage')) },
            { path: 'feelist', ...page(() => import('../features/fees/FeeStructureListPage')) },
            { path: 'fhead', ...page(() => import('../features/fees/NewFeeStructurePage')) },
            { path: 'fedit', ...page(() => import('../features/fees/EditFeeStructurePage')) },
            { path: 'plans', ...page(() => import('../features/plans/FeePlansPage')) },
            { path: 'discedt', ...page(departmentPages.discounts) },
            { path: 'fdiscount', ...page(departmentPages.newDiscount) },
            { path: 'editdisc/:id', ...page(departmentPages.editDiscount) },
            { path: 'schemes', ...page(() => import('../features/schemes/SchemesPage')) },
            { path: 'opening', ...page(() => import('../features/opening/OpeningBalancesPage')) },
            { path: 'settings', ...page(() => import('../features/admin/SettingsPage')) },
            { path: 'messages', ...page(() => import('../features/messages/MessageSettingsPage')) },
            { path: 'messages/:depId', ...forDepartmentParam(departmentPages.messages) },
            { path: 'approvals/:depId', ...forDepartmentParam(departmentPages.approvals) },
            { path: 'backup', ...page(() => import('../features/admin/BackupPage')) },
            { path: 'audit', ...page(() => import('../features/audit/AuditLogPage')) },
            { path: 'collections', ...page(departmentPages.collections) },
            { path: 'daybook', ...page(departmentPages.dayBook) },
            { path: 'books', ...page(departmentPages.books) },
            { path: 'ledgers', ...page(departmentPages.ledgers) },
            { path: 'refunds', ...page(departmentPages.refundsReport) },
            { path: 'concessions/:depId', ...forDepartmentParam(departmentPages.concessions) },
            { path: 'concessions', ...page(departmentPages.concessions) },
            { path: 'rptview/:depId', ...forDepartmentParam(() => import('../features/reports/AdminReportMenuPage')) },
            { path: 'rptfee/:depId/:deptName', ...forDepartmentParam(departmentPages.feeReceiptReport) },
            { path: 'dues/:depId/:deptName', ...forDepartmentParam(departmentPages.dues) },
            { path: 'duesasof/:depId', ...forDepartmentParam(departmentPages.duesAsOf) },
            { path: 'defaulters/:depId', ...forDepartmentParam(departmentPages.defaulters) },
            { path: 'notices/:depId', ...forDepartmentParam(departmentPages.notices) },
            { path: 'rcpt_dtws/:depId/:deptName', ...forDepartmentParam(departmentPages.receiptsBetweenDates) },
            { path: 'statement/:depId/:studentId', ...forDepartmentParam(departmentPages.statement) },
            { path: '*', element: <Navigate to="/admin" replace /> },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ]),
);
