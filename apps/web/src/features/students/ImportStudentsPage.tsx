import { ComingSoon } from '../../components/ComingSoon';

export default function Page() {
  return <ComingSoon title="Import students" />;
}
