import { ZLetterheadLogoInput, ZRemoveLetterheadLogoInput } from '@fees/validation';
import { adminProcedure, departmentProcedure, router } from '../../trpc';
import { logoHandler } from './logo.handler';
import { removeLogoHandler } from './removeLogo.handler';
import { setLogoHandler } from './setLogo.handler';

export const letterheadsRouter = router({
  logo: departmentProcedure.query(logoHandler),
  setLogo: adminProcedure.input(ZLetterheadLogoInput).mutation(setLogoHandler),
  removeLogo: adminProcedure.input(ZRemoveLetterheadLogoInput).mutation(removeLogoHandler),
});
