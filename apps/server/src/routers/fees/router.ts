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
import { createFeeHead } from '../../domain/fees/heads.create';
import { removeFeeHead } from '../../domain/fees/heads.remove';
import { renameHead } from '../../domain/fees/heads.rename';
import { feeStructuresOfBatch } from '../../domain/fees/structures.byBatch';
import { feeStructureById } from '../../domain/fees/structures.byId';
import { createFeeStructure } from '../../domain/fees/structures.create';
import { removeFeeStructure } from '../../domain/fees/structures.remove';
import { editFeeStructure } from '../../domain/fees/structures.update';
import { adminProcedure, authedProcedure, departmentReadProcedure, router } from '../../trpc';

export const feesRouter = router({
  heads: router({
    list: authedProcedure.query(({ ctx }) => listFeeHeadsWithUsage(ctx.db)),
    create: adminProcedure.input(ZCreateFeeHeadInput).mutation(({ ctx, input }) => createFeeHead(ctx, input)),
    rename: adminProcedure.input(ZRenameFeeHeadInput).mutation(({ ctx, input }) => renameHead(ctx, input)),
    remove: adminProcedure.input(ZFeeHeadIdInput).mutation(({ ctx, input }) => removeFeeHead(ctx, input)),
  }),
  structures: router({
    list: adminProcedure
      .input(ZListFeeStructuresInput)
      .query(({ ctx, input }) => listFeeStructures(ctx.db, { departmentId: input.depId })),
    byBatch: departmentReadProcedure
      .input(ZFeeStructuresByBatchInput)
      .query(({ ctx, input }) => feeStructuresOfBatch(ctx, input)),
    byId: adminProcedure.input(ZFeeStructureIdInput).query(({ ctx, input }) => feeStructureById(ctx, input)),
    create: adminProcedure.input(ZCreateFeeStructureInput).mutation(({ ctx, input }) => createFeeStructure(ctx, input)),
    update: adminProcedure.input(ZUpdateFeeStructureInput).mutation(({ ctx, input }) => editFeeStructure(ctx, input)),
    remove: adminProcedure.input(ZFeeStructureIdInput).mutation(({ ctx, input }) => removeFeeStructure(ctx, input)),
  }),
});
