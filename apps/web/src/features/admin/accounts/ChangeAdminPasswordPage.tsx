import { ChangePasswordForm } from '../ChangePasswordForm';

/** /admin/adm/edt/:id/:email */
export default function ChangeAdminPasswordPage() {
  return <ChangePasswordForm kind="admins" />;
}
