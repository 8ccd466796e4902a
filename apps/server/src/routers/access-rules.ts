import type { AccessRules } from './access';
import { adminAccess } from './admin/access';
import { auditAccess } from './audit/access';
import { authAccess } from './auth/access';
import { batchesAccess } from './batches/access';
import { discountsAccess } from './discounts/access';
import { feesAccess } from './fees/access';
import { letterheadsAccess } from './letterheads/access';
import { plansAccess } from './plans/access';
import { receiptsAccess } from './receipts/access';
import { referenceAccess } from './reference/access';
import { reportsAccess } from './reports/access';
import { studentsAccess } from './students/access';

export const accessRules: AccessRules = {
  ...authAccess,
  ...referenceAccess,
  ...adminAccess,
  ...batchesAccess,
  ...feesAccess,
  ...discountsAccess,
  ...studentsAccess,
  ...receiptsAccess,
  ...reportsAccess,
  ...letterheadsAccess,
  ...plansAccess,
  ...auditAccess,
};
