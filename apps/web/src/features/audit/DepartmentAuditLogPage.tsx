import { useDepartment } from '../../lib/department-context';
import AuditLogPage from './AuditLogPage';

/** /{department}/audit: the department's own trail, for its staff. */
export default function DepartmentAuditLogPage() {
  return <AuditLogPage departmentId={useDepartment().id} />;
}
