import type { AccessRules } from './rule';
import { adminAccess } from './admin';
import { approvalsAccess } from './approvals';
import { auditAccess } from './audit';
import { authAccess } from './auth';
import { batchesAccess } from './batches';
import { booksAccess } from './books';
import { chequesAccess } from './cheques';
import { discountsAccess } from './discounts';
import { feesAccess } from './fees';
import { leavingAccess } from './leaving';
import { letterheadsAccess } from './letterheads';
import { messagesAccess } from './messages';
import { openingAccess } from './opening';
import { optionalHeadsAccess } from './optional-heads';
import { promotionsAccess } from './promotions';
import { familyAccess } from './family';
import { sponsorsAccess } from './sponsors';
import { paymentsAccess } from './payments';
import { plansAccess } from './plans';
import { receiptsAccess } from './receipts';
import { reconciliationAccess } from './reconciliation';
import { refundsAccess } from './refunds';
import { referenceAccess } from './reference';
import { reportsAccess } from './reports';
import { schemesAccess } from './schemes';
import { settlementsAccess } from './settlements';
import { studentsAccess } from './students';

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
  ...openingAccess,
  ...optionalHeadsAccess,
  ...promotionsAccess,
  ...leavingAccess,
  ...sponsorsAccess,
  ...auditAccess,
  ...schemesAccess,
  ...settlementsAccess,
  ...refundsAccess,
  ...chequesAccess,
  ...messagesAccess,
  ...booksAccess,
  ...paymentsAccess,
  ...familyAccess,
  ...reconciliationAccess,
  ...approvalsAccess,
};
