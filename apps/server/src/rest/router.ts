/**
 * The one procedure only the REST adapter serves: GET /search/backup/ answers an SQL text dump, a
 * stream that has no place on /trpc. It starts from adminProcedure like every admin procedure, so
 * the adapter's permissions stay the tRPC side's (401 without a session, 403 for staff).
 */
import { transaction, writeAudit } from '@fees/db';
import { ZDate } from '@fees/validation';
import { z } from 'zod';
import { actorOf } from '../audit';
import { createSqlDump } from '../backup/sql-dump';
import { adminProcedure, createCallerFactory, router } from '../trpc';
import { appRouter } from '../routers/_app';

const BACKUP_FILE = /^backup_(\d{4}-\d{2}-\d{2})\.sql$/;

/** bFile: the dated name the old client asks for, backup_{yyyy-MM-dd}.sql. */
export const ZSqlBackupInput = z.object({
  bFile: z
    .string({ error: 'Required' })
    .refine(
      (name) => BACKUP_FILE.test(name) && ZDate.safeParse(BACKUP_FILE.exec(name)?.[1]).success,
      'Expected backup_{yyyy-MM-dd}.sql',
    ),
});

export const restOnlyRouter = router({
  sqlDump: adminProcedure.input(ZSqlBackupInput).query(async ({ ctx, input }) => {
    const dump = await createSqlDump(ctx.db);
    await transaction(ctx.db, (tx) =>
      writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'backup',
        entity: 'database',
        after: { fileName: input.bFile, format: 'sql' },
      }),
    );
    return { fileName: input.bFile, content: dump.stream };
  }),
});

/** The app's procedures plus the REST-only ones under backup.*: what the adapter's routes call. */
export const restRouter = router({ ...appRouter._def.record, backup: restOnlyRouter });
export type RestRouter = typeof restRouter;
export const createRestCaller = createCallerFactory(restRouter);
