import { Button, Group, Select } from '@mantine/core';
import { addMonths, type PlanInstalment } from '@fees/money';
import { IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import type { BatchPlan } from './types';

export type BatchChoice = Pick<RouterOutputs['batches']['list'][number], 'id' | 'departmentId' | 'name' | 'startDate'>;

/** Whole months from one date to another, by calendar month (2025-06-01 -> 2026-06-15 is 12). */
function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/**
 * Another batch's plan brought to this one: names, fine rules, and due dates moved by as many months
 * as the batches' start dates are apart; each head's amounts as there, any difference from this
 * batch's structure on its last instalment (as when a structure amount changes).
 */
export function copiedPlan(
  source: BatchPlan,
  sourceStart: string,
  target: { heads: BatchPlan['heads']; startDate: string },
): Pick<BatchPlan, 'fineRule' | 'instalments'> {
  const shift = monthsBetween(sourceStart, target.startDate);
  const instalments: PlanInstalment[] = source.instalments.map((i) => ({
    id: '',
    name: i.name,
    dueDate: addMonths(i.dueDate, shift),
    fineRule: i.fineRule,
    amounts: target.heads.map((h) => ({
      feeHeadId: h.feeHeadId,
      amountPaise: i.amounts.find((a) => a.feeHeadId === h.feeHeadId)?.amountPaise ?? 0,
    })),
  }));
  const last = instalments.at(-1);
  if (last) {
    for (const h of target.heads) {
      const sum = instalments.reduce(
        (s, i) => s + (i.amounts.find((a) => a.feeHeadId === h.feeHeadId)?.amountPaise ?? 0),
        0,
      );
      const line = last.amounts.find((a) => a.feeHeadId === h.feeHeadId)!;
      if (line.amountPaise + h.amountPaise - sum >= 0) line.amountPaise += h.amountPaise - sum;
    }
  }
  return { fineRule: source.fineRule, instalments };
}

/** Copy a plan from another batch of the same course. */
export function CopyPlan({
  batch,
  candidates,
  heads,
  onCopy,
}: {
  batch: BatchChoice;
  candidates: BatchChoice[];
  heads: BatchPlan['heads'];
  onCopy: (plan: Pick<BatchPlan, 'fineRule' | 'instalments'>) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const others = candidates.filter((c) => c.id !== batch.id);
  const copy = async () => {
    const source = others.find((c) => String(c.id) === sourceId);
    if (!source) return;
    setBusy(true);
    setError(null);
    try {
      const plan = await queryClient.fetchQuery(
        trpc.plans.byBatch.queryOptions({ depId: source.departmentId, batchId: source.id }),
      );
      onCopy(copiedPlan(plan, source.startDate, { heads, startDate: batch.startDate }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Copy the plan of batch"
          placeholder={others.length ? 'Another batch of this course' : 'No other batch in this course'}
          disabled={others.length === 0}
          data={others.map((c) => ({ value: String(c.id), label: c.name }))}
          value={sourceId}
          onChange={setSourceId}
          w={260}
        />
        <Button
          variant="light"
          leftSection={<IconCopy size={16} />}
          disabled={!sourceId}
          loading={busy}
          onClick={() => void copy()}
        >
          Copy
        </Button>
      </Group>
      <FailureAlert error={error} title="Not copied" />
    </>
  );
}
