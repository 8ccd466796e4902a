import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isPostgres, transaction, writeAudit } from '@fees/db';
import { AppError } from '@fees/validation';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit';
import { createRequestContext, type ServerDeps } from '../context';
import { pgDumpToTempFile } from './pg-dump';
import { backupFileName, removeTemporarySnapshots, snapshotToTempFile } from './snapshot';

/**
 * GET /api/backup: an online snapshot of the database as an attachment, for admins (401 without a
 * session, 403 for staff): backup_{yyyy-MM-dd}.sqlite on SQLite, pg_dump's custom format
 * backup_{yyyy-MM-dd}.dump on PostgreSQL (503 with the reason when pg_dump cannot make it). The
 * temporary file is removed once sent.
 * GET /api/backup/files/{file}: one of the automatic backups, for admins too.
 */
export async function backupRoutes(app: FastifyInstance, opts: { deps: ServerDeps }): Promise<void> {
  // A download that has just ended may not have removed its snapshot yet (nor an SQL dump's).
  app.addHook('onClose', removeTemporarySnapshots);
  app.get('/api/backup', async (req, reply) => {
    const ctx = await createRequestContext(opts.deps, req, reply);
    if (!ctx.session) return reply.code(401).send({ message: 'Please sign in' });
    if (ctx.session.role !== 'admin') return reply.code(403).send({ message: 'Administrators only' });
    const postgres = isPostgres(ctx.db);
    let snapshot: { path: string; bytes: number; ms: number; cleanup: () => Promise<void> };
    try {
      snapshot = postgres ? await pgDumpToTempFile(ctx.db, 'custom') : await snapshotToTempFile(ctx.db);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAVAILABLE')
        return reply.code(503).send({ message: error.message });
      throw error;
    }
    const fileName = backupFileName(postgres ? 'dump' : 'sqlite');
    await transaction(ctx.db, (tx) =>
      writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'backup',
        entity: 'database',
        after: { fileName, bytes: snapshot.bytes, ms: snapshot.ms },
      }),
    );
    const file = createReadStream(snapshot.path);
    file.once('close', () => void snapshot.cleanup());
    return reply
      .header('content-type', postgres ? 'application/octet-stream' : 'application/vnd.sqlite3')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('content-length', snapshot.bytes)
      .header('cache-control', 'no-store')
      .send(file);
  });

  // One of the automatic backups (Admin › Backup Database lists them), by its file name only.
  app.get('/api/backup/files/:file', async (req, reply) => {
    const ctx = await createRequestContext(opts.deps, req, reply);
    if (!ctx.session) return reply.code(401).send({ message: 'Please sign in' });
    if (ctx.session.role !== 'admin') return reply.code(403).send({ message: 'Administrators only' });
    const { file } = req.params as { file: string };
    const path = ctx.backups ? await ctx.backups.pathOf(file) : null;
    if (!path) return reply.code(404).send({ message: 'No such backup' });
    const { size } = await stat(path);
    return reply
      .header('content-type', 'application/vnd.sqlite3')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('content-length', size)
      .header('cache-control', 'no-store')
      .send(createReadStream(path));
  });
}
