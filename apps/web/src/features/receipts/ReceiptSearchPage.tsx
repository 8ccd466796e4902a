import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { FindStudent } from './FindStudent';
import { ReceiptNumberField } from './ReceiptNumberField';
import { ReceiptsTabs } from './ReceiptsTabs';

/** /rcpt/: Find student, to see their dues or take a payment; a receipt opens by its number. */
export default function ReceiptSearchPage() {
  const department = useDepartment();
  return (
    <>
      <PageHeader
        title="Receipts"
        subtitle={`${department.name} · find a student to see their dues or take a payment`}
        actions={<ReceiptNumberField />}
      />
      <ReceiptsTabs active="find" />
      <FindStudent />
    </>
  );
}
