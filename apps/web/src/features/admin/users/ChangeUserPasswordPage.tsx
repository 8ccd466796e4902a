import { ChangePasswordForm } from '../ChangePasswordForm';

/** /admin/user/edt/:id/:email */
export default function ChangeUserPasswordPage() {
  return <ChangePasswordForm kind="users" />;
}
