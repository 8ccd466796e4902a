import { Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlarm,
  IconBook2,
  IconArrowRight,
  IconCalendarDue,
  IconCalendarStats,
  IconDiscount,
  IconMail,
  IconNotebook,
  IconCoins,
  IconFileInvoice,
  IconReceipt2,
  IconReceiptRefund,
  IconUserExclamation,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { reportPaths } from './paths';

export const BOOKS_DESCRIPTION =
  'Closed days as vouchers for Tally: the XML file or straight to Tally, the general ledger as CSV and XLSX, ' +
  'the export log.';

export const DAY_BOOK_DESCRIPTION =
  "A day's receipts by staff member and payment mode, voided receipts and the cash to hand over; printable.";
export const CONCESSIONS_DESCRIPTION =
  'Per concession scheme: its students and the discounts it gives per fee head, for the department, a course or ' +
  'a batch.';

export function ReportCard({
  to,
  title,
  description,
  icon,
  color,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Group wrap="nowrap" align="flex-start" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      <Button
        component={Link}
        to={to}
        variant="light"
        color={color}
        rightSection={<IconArrowRight size={16} />}
        mt="auto"
      >
        Open
      </Button>
    </Card>
  );
}

/** /rptview/: the department's reports as cards. */
export default function ReportMenuPage() {
  const department = useDepartment();
  const paths = reportPaths(department, false);
  return (
    <>
      <PageHeader title="Reports" subtitle={department.name} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <ReportCard
          to={paths.feeReceipts}
          title="Fee receipts by course"
          description="Every receipt of a course, by batch, with batch totals and each receipt's lines."
          icon={<IconReceipt2 size={24} />}
          color="indigo"
        />
        <ReportCard
          to={paths.dues}
          title="Student dues"
          description="Who still owes: fee, discount, paid and balance per student, with batch totals."
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
          to={paths.studentFee ?? paths.menu}
          title="Student fee information"
          description="Total fee, total discount and final fee of every student of a course."
          icon={<IconUsersGroup size={24} />}
          color="grape"
        />
        <ReportCard
          to={paths.betweenDates}
          title="Receipts between dates"
          description="The receipts of a period, day by day, with the grand total."
          icon={<IconCalendarStats size={24} />}
          color="teal"
        />
        <ReportCard
          to={paths.collections}
          title="Collections summary"
          description="What came in over a period, by fee head (with GST apart) and by payment mode."
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
          description="Refund vouchers of a period, paid and voided, by payment mode; printable and as CSV/XLSX."
          icon={<IconReceiptRefund size={24} />}
          color="gray"
        />
        <ReportCard
          to={`/${department.prefix}/rcpt/`}
          title="Student statement"
          description="Find a student under Receipts or in a course list, then open their statement."
          icon={<IconFileInvoice size={24} />}
          color="cyan"
        />
      </SimpleGrid>
    </>
  );
}
