import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { idOf } from '../../lib/ids';
import { DiscountForm, EMPTY_DISCOUNT } from './DiscountForm';

/** /admin/fdiscount */
export default function NewDiscountPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="New discount / adjustment"
        subtitle="One discount and one adjustment per student and fee head"
      />
      <DiscountForm initialValues={{ ...EMPTY_DISCOUNT, depId: idOf(params.get('depId')) }} />
    </>
  );
}
