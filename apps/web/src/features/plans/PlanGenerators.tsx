import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import {
  addMonths,
  equalInstalments,
  type HeadAmount,
  oneInstalment,
  type PlanInstalment,
  percentSplit,
} from '@fees/money';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../components/DateField';

type Kind = 'one' | 'equal' | 'percent';

const whole = (text: string, min: number, max: number) => {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return n >= min && n <= max ? n : null;
};

/** "40/30/30" or "40, 30, 30" -> [40, 30, 30] when each has at most 2 decimals and they add up to 100. */
function parsePercents(text: string): number[] | null {
  const parts = text.split(/[/,\s]+/).filter(Boolean);
  if (parts.length < 2 || parts.some((p) => !/^\d+(\.\d{1,2})?$/.test(p))) return null;
  const values = parts.map(Number);
  return Math.round(values.reduce((a, b) => a + b, 0) * 100) === 100_00 && values.every((v) => v > 0) ? values : null;
}

/**
 * The plan generators of the shared domain module: one instalment; N equal ones every M months; a
 * percentage split. Rounded to the rupee, the remainder on the last instalment.
 */
export function PlanGenerators({
  heads,
  startDate,
  onFill,
}: {
  heads: HeadAmount[];
  startDate: string;
  onFill: (instalments: PlanInstalment[]) => void;
}) {
  const [kind, setKind] = useState<Kind>('equal');
  const [firstDueDate, setFirstDueDate] = useState(startDate);
  const [count, setCount] = useState('3');
  const [everyMonths, setEveryMonths] = useState('4');
  const [percents, setPercents] = useState('40/30/30');
  const [error, setError] = useState<string | null>(null);

  const fill = () => {
    setError(null);
    if (!firstDueDate) return setError('Choose the first due date.');
    if (kind === 'one') return onFill(oneInstalment(heads, firstDueDate));
    const months = whole(everyMonths, 1, 24);
    if (months === null) return setError('Every: 1 to 24 months.');
    if (kind === 'equal') {
      const n = whole(count, 1, 36);
      if (n === null) return setError('Instalments: 1 to 36.');
      return onFill(equalInstalments(heads, { count: n, everyMonths: months, firstDueDate }));
    }
    const split = parsePercents(percents);
    if (split === null) return setError('Percentages such as 40/30/30, adding up to 100.');
    onFill(
      percentSplit(heads, { percents: split, dueDates: split.map((_, i) => addMonths(firstDueDate, i * months)) }),
    );
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Generator
        </Text>
        <SegmentedControl
          aria-label="Generator"
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          data={[
            { value: 'one', label: 'One instalment' },
            { value: 'equal', label: 'Equal' },
            { value: 'percent', label: 'Percentages' },
          ]}
        />
      </div>
      {kind === 'equal' && (
        <TextInput
          label="Instalments"
          inputMode="numeric"
          w={100}
          value={count}
          onChange={(e) => setCount(e.currentTarget.value)}
        />
      )}
      {kind === 'percent' && (
        <TextInput
          label="Split (%)"
          placeholder="40/30/30"
          w={140}
          value={percents}
          onChange={(e) => setPercents(e.currentTarget.value)}
        />
      )}
      <DateField
        label={kind === 'one' ? 'Due date' : 'First due date'}
        w={160}
        value={firstDueDate}
        onChange={setFirstDueDate}
      />
      {kind !== 'one' && (
        <TextInput
          label="Every (months)"
          inputMode="numeric"
          w={120}
          value={everyMonths}
          onChange={(e) => setEveryMonths(e.currentTarget.value)}
        />
      )}
      <Button variant="light" leftSection={<IconWand size={16} />} onClick={fill} disabled={heads.length === 0}>
        Fill
      </Button>
      {error && (
        <Text c="red" size="sm" w="100%" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
