import { ZLetterheadLogoInput, ZLetterheadLogoOfInput, ZRemoveLetterheadLogoInput } from '@fees/validation';
import { letterheadLogo } from '../../domain/letterheads/service';
import { removeLogo } from '../../domain/letterheads/removeLogo';
import { setLogo } from '../../domain/letterheads/setLogo';
import { adminProcedure, departmentLookupProcedure, router } from '../../trpc';

export const letterheadsRouter = router({
  logo: departmentLookupProcedure.input(ZLetterheadLogoOfInput).query(({ ctx, input }) => letterheadLogo(ctx, input)),
  setLogo: adminProcedure.input(ZLetterheadLogoInput).mutation(({ ctx, input }) => setLogo(ctx, input)),
  removeLogo: adminProcedure.input(ZRemoveLetterheadLogoInput).mutation(({ ctx, input }) => removeLogo(ctx, input)),
});
