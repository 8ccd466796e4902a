import { listFeeHeadsWithUsage, listFeeStructures } from '@fees/db';
import {
  ZCreateFeeHeadInput,
  ZCreateFeeStructureInput,
  ZFeeHeadIdInput,
  ZFeeStructureIdInput,
  ZFeeStructuresByBatchInput,
  ZListFeeStructuresInput,
  ZRenameFeeHeadInput,
  ZUpdateFeeStructureInput,
} from '@fees/validation';
import { adminProcedure, authedProcedure, departmentProcedure, router } from '../../trpc';
import { headsCreateHandler } from './heads.create.handler';
import { headsRemoveHandler } from './heads.remove.handler';
import { headsRenameHandler } from './heads.rename.handler';
import { structuresByBatchHandler } from './structures.byBatch.handler';
import { structuresByIdHandler } from './structures.byId.handler';
import { structuresCreateHandler } from './structures.create.handler';
import { structuresRemoveHandler } from './structures.remove.handler';
import { structuresUpdateHandler } from './structures.update.handler';

export const feesRouter = router({
  heads: router({
    list: authedProcedure.query(({ ctx }) => listFeeHeadsWithUsage(ctx.db)),
    create: adminProcedure.input(ZCreateFeeHeadInput).mutation(headsCreateHandler),
    rename: adminProcedure.input(ZRenameFeeHeadInput).mutation(headsRenameHandler),
    remove: adminProcedure.input(ZFeeHeadIdInput).mutation(headsRemoveHandler),
  }),
  structures: router({
    list: adminProcedure
      .input(ZListFeeStructuresInput)
      .query(({ ctx, input }) => listFeeStructures(ctx.db, { departmentId: input.depId })),
    byBatch: departmentProcedure.input(ZFeeStructuresByBatchInput).query(structuresByBatchHandler),
    byId: adminProcedure.input(ZFeeStructureIdInput).query(structuresByIdHandler),
    create: adminProcedure.input(ZCreateFeeStructureInput).mutation(structuresCreateHandler),
    update: adminProcedure.input(ZUpdateFeeStructureInput).mutation(structuresUpdateHandler),
    remove: adminProcedure.input(ZFeeStructureIdInput).mutation(structuresRemoveHandler),
  }),
});
