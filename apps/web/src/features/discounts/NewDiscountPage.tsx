import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { idOf } from '../../lib/ids';
import { useDiscountArea } from './area';
import { DiscountForm, EMPTY_DISCOUNT } from './DiscountForm';

/** /admin/fdiscount and /{department}/discounts/new */
export default function NewDiscountPage() {
  const [params] = useSearchParams();
  const { fixedDepId } = useDiscountArea();
  return (
    <>
      <PageHeader
        title="New discount / adjustment"
        subtitle="One discount and one adjustment per student and fee head"
      />
      <DiscountForm initialValues={{ ...EMPTY_DISCOUNT, depId: fixedDepId ?? idOf(params.get('depId')) }} />
    </>
  );
}
