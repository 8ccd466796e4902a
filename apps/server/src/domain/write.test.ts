import { listAuditEntries, transaction, type WriteTx, writeAudit } from '@fees/db';
import { describe, expect, it } from 'vitest';
import { createContextInner } from '../context';
import { useHarness } from '../test/use-harness';
import { inTransaction } from './write';

const h = useHarness();

const entry = { actor: { userId: null, email: 'system' }, action: 'backup', entity: 'database' } as const;

describe('inTransaction', () => {
  it('commits the write when the callback returns and keeps nothing of it when it throws', async () => {
    const ctx = createContextInner({ db: h.db });
    await inTransaction(ctx, (tx) => writeAudit(tx, { ...entry, entityId: 'kept' }));
    await expect(
      inTransaction(ctx, async (tx) => {
        await writeAudit(tx, { ...entry, entityId: 'undone' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const ids = (await listAuditEntries(h.db, { limit: 10 })).rows.map((e) => e.entityId);
    expect(ids).toContain('kept');
    expect(ids).not.toContain('undone');
  });

  it('gives the write a context without the root database, which the types refuse to stand in for its tx', async () => {
    const ctx = createContextInner({ db: h.db });
    await inTransaction(ctx, async (tx, ctx) => {
      // @ts-expect-error inside a write the context has no root database: its queries would wait for the write
      expect(ctx.db).toBeUndefined();
      await writeAudit(tx, { ...entry, entityId: 'inside' });
    });
    await transaction(h.db, async (tx) => {
      // @ts-expect-error a query that writes takes the write's tx, never the root database
      const onRoot = () => writeAudit(h.db, { ...entry, entityId: 'root' });
      // @ts-expect-error the root database is not a write's tx
      const root: WriteTx = h.db;
      expect([typeof onRoot, typeof root]).toEqual(['function', 'object']);
      await writeAudit(tx, { ...entry, entityId: 'tx' });
    });
  });
});
