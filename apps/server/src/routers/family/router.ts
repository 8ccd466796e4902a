import { ZFamilyLinkInput } from '@fees/validation';
import { familyLink, revokeLink } from '../../domain/family/links';
import { departmentProcedure, router } from '../../trpc';

/** The family page's link: an accountant's to hand out and to revoke (it opens a child's money records). */
export const familyRouter = router({
  link: departmentProcedure.input(ZFamilyLinkInput).mutation(({ ctx, input }) => familyLink(ctx, input)),
  revoke: departmentProcedure.input(ZFamilyLinkInput).mutation(({ ctx, input }) => revokeLink(ctx, input)),
});
