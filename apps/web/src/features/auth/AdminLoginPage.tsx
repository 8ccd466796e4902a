import { LoginForm } from './LoginForm';
import { LoginLayout } from './LoginLayout';

export default function AdminLoginPage() {
  return (
    <LoginLayout>
      <LoginForm title="Administrator sign-in" subtitle="Accounts, batches, fees, discounts and reports" depId={null} />
    </LoginLayout>
  );
}
