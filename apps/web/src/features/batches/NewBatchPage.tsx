import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { idOf } from '../../lib/ids';
import { BatchForm, EMPTY_BATCH } from './BatchForm';

/** /admin/batch: the navigation state (or ?depId=) carries the department chosen on the list. */
export default function NewBatchPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { depId?: number | string } | null;
  const depId = idOf(String(state?.depId ?? params.get('depId')));
  return (
    <>
      <PageHeader title="New batch" subtitle="A batch belongs to one course of one department" />
      <BatchForm initialValues={{ ...EMPTY_BATCH, depId }} />
    </>
  );
}
