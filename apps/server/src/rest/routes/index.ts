import type { RestRoute } from '../route';
import { adminRoutes } from './admin';
import { approvalRoutes } from './approvals';
import { authRoutes } from './auth';
import { backupRoutes } from './backup';
import { batchRoutes } from './batches';
import { bookRoutes } from './books';
import { discountRoutes } from './discounts';
import { familyRoutes } from './family';
import { feeRoutes } from './fees';
import { homeRoutes } from './home';
import { leavingRoutes } from './leaving';
import { messageRoutes } from './messages';
import { optionalHeadRoutes } from './optional-heads';
import { promotionRoutes } from './promotions';
import { paymentRoutes } from './payments';
import { planRoutes } from './plans';
import { receiptRoutes } from './receipts';
import { reconciliationRoutes } from './reconciliation';
import { referenceRoutes } from './reference';
import { reportRoutes } from './reports';
import { settlementRoutes } from './settlements';
import { sponsorRoutes } from './sponsors';
import { studentRoutes } from './students';

/** Every documented path , grouped by the area that answers it. */
export const restRoutes: readonly RestRoute[] = [
  ...authRoutes,
  ...adminRoutes,
  ...referenceRoutes,
  ...homeRoutes,
  ...studentRoutes,
  ...receiptRoutes,
  ...reportRoutes,
  ...feeRoutes,
  ...batchRoutes,
  ...discountRoutes,
  ...backupRoutes,
  ...planRoutes,
  ...messageRoutes,
  ...bookRoutes,
  ...optionalHeadRoutes,
  ...promotionRoutes,
  ...leavingRoutes,
  ...sponsorRoutes,
  ...paymentRoutes,
  ...familyRoutes,
  ...reconciliationRoutes,
  ...settlementRoutes,
  ...approvalRoutes,
];
