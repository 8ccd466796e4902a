import { Navigate, useParams } from 'react-router';
import { departmentById } from '../../lib/departments';
import { LoginForm } from './LoginForm';
import { LoginLayout } from './LoginLayout';

/** /deplogin/{depId}: the login form for departments 100-105, else the landing page. */
export default function DepartmentLoginPage() {
  const { depId } = useParams();
  const department = departmentById(Number(depId));
  if (!department) return <Navigate to="/" replace />;
  return (
    <LoginLayout>
      <LoginForm title={department.name} subtitle="Staff sign-in" depId={department.id} />
    </LoginLayout>
  );
}
