import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { FindStudent } from './FindStudent';

/** /rcpt/: Find student, to see their dues or take a payment. */
export default function ReceiptSearchPage() {
  const department = useDepartment();
  return (
    <>
      <PageHeader
        title="Receipts"
        subtitle={`${department.name} · find a student to see their dues or take a payment`}
      />
      <FindStudent />
    </>
  );
}
