import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { idOf } from '../../lib/ids';
import { EMPTY_FEE_STRUCTURE, FeeStructureForm } from './FeeStructureForm';

/** /admin/fhead: the navigation state (or ?depId=) carries the department chosen on the list. */
export default function NewFeeStructurePage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { depId?: number | string } | null;
  const depId = idOf(String(state?.depId ?? params.get('depId')));
  return (
    <>
      <PageHeader
        title="New fee"
        subtitle="One fee head with its amount for a batch; each head at most once per batch"
      />
      <FeeStructureForm initialValues={{ ...EMPTY_FEE_STRUCTURE, depId }} />
    </>
  );
}
