import { SimpleGrid } from '@mantine/core';
import {
  IconAlarm,
  IconBook2,
  IconCalendarDue,
  IconCalendarStats,
  IconDiscount,
  IconCoins,
  IconMail,
  IconNotebook,
  IconReceipt2,
  IconReceiptRefund,
  IconUserExclamation,
} from '@tabler/icons-react';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { reportPaths } from './paths';
import { BOOKS_DESCRIPTION, CONCESSIONS_DESCRIPTION, DAY_BOOK_DESCRIPTION, ReportCard } from './ReportMenuPage';

/** /admin/rptview/{depId}: the three reports of the spec for one department, plus the collections summary. */
export default function AdminReportMenuPage() {
  const department = useDepartment();
  const paths = reportPaths(department, true);
  return (
    <>
      <PageHeader title="Report View" subtitle={department.name} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <ReportCard
          to={paths.feeReceipts}
          title="Fees Receipt Reports Order by Courses"
          description="Every receipt of a course, by batch, with batch totals and each receipt's lines."
          icon={<IconReceipt2 size={24} />}
          color="indigo"
        />
        <ReportCard
          to={paths.dues}
          title="Student Dues Reports"
          description="Fee, discount, paid and balance per student of a course."
          icon={<IconUserExclamation size={24} />}
          color="red"
        />
        <ReportCard
          to={paths.duesAsOf}
          title="Dues as of a date"
          description="Instalments due by a date: paid, outstanding, days late, fine and the total to collect."
          icon={<IconCalendarDue size={24} />}
          color="red"
        />
        <ReportCard
          to={paths.defaulters}
          title="Defaulters"
          description="Students with a late instalment, largest amount first, with phone and guardian (CSV for SMS)."
          icon={<IconAlarm size={24} />}
          color="pink"
        />
        <ReportCard
          to={paths.notices}
          title="Demand notices"
          description="Printable notices per student or for a whole batch, with a UPI QR for the total."
          icon={<IconMail size={24} />}
          color="yellow"
        />
        <ReportCard
          to={paths.betweenDates}
          title="Receipt report between dates"
          description="The department's receipts of a period with the grand total."
          icon={<IconCalendarStats size={24} />}
          color="teal"
        />
        <ReportCard
          to={paths.collections}
          title="Collections summary"
          description="All departments together and each apart, by fee head and payment mode."
          icon={<IconCoins size={24} />}
          color="orange"
        />
        <ReportCard
          to={paths.dayBook}
          title="Day book"
          description={DAY_BOOK_DESCRIPTION}
          icon={<IconNotebook size={24} />}
          color="lime"
        />
        <ReportCard
          to={`/${department.prefix}/books`}
          title="Books (Tally)"
          description={BOOKS_DESCRIPTION}
          icon={<IconBook2 size={24} />}
          color="grape"
        />
        <ReportCard
          to={paths.concessions}
          title="Concessions summary"
          description={CONCESSIONS_DESCRIPTION}
          icon={<IconDiscount size={24} />}
          color="violet"
        />
        <ReportCard
          to={paths.refunds}
          title="Refunds"
          description="Refund vouchers of every department or one, paid and voided, by payment mode and department."
          icon={<IconReceiptRefund size={24} />}
          color="gray"
        />
      </SimpleGrid>
    </>
  );
}
