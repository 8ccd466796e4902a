import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FineFields, PlanFields } from './plan-form';

const RUPEES = { inputMode: 'decimal', leftSection: '₹' } as const;

const TYPES: Array<{ value: FineFields['type']; label: string }> = [
  { value: 'none', label: 'No fine' },
  { value: 'fixed', label: 'Fixed' },
  { value: 'per_day', label: 'Per day' },
  { value: 'percent', label: 'Percent' },
];

/** The fine rule's type and its fields at `path` of the plan form ('fine' or 'instalments.N.fine'). */
export function FineRuleFields({
  form,
  path,
  label,
}: {
  form: UseFormReturnType<PlanFields>;
  path: string;
  label: string;
}) {
  const type = form.getInputProps(`${path}.type`).value as FineFields['type'];
  const field = (name: keyof FineFields) => form.getInputProps(`${path}.${name}`);
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {label}
        </Text>
        <SegmentedControl
          aria-label={label}
          data={TYPES}
          value={type}
          onChange={(value) => form.setFieldValue(`${path}.type`, value as FineFields['type'])}
        />
      </div>
      {type === 'fixed' && <TextInput label="Fine" {...RUPEES} w={130} {...field('amount')} />}
      {type === 'per_day' && (
        <>
          <TextInput label="Per day" {...RUPEES} w={120} {...field('perDay')} />
          <TextInput label="Cap" description="0 = no cap" {...RUPEES} w={130} {...field('cap')} />
        </>
      )}
      {type === 'percent' && (
        <TextInput
          label="Percent of the outstanding"
          inputMode="decimal"
          rightSection="%"
          w={190}
          {...field('percent')}
        />
      )}
      {type !== 'none' && (
        <TextInput
          label="Grace days"
          description="after the due date"
          inputMode="numeric"
          w={120}
          {...field('graceDays')}
        />
      )}
    </Group>
  );
}
