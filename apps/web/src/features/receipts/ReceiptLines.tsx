import { ActionIcon, Button, Group, Kbd, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { MAX_PARTICULARS, paiseToRupeesText } from '@fees/validation';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatRupees } from '../../lib/money';
import { emptyLine, type ReceiptFormApi } from './receipt-form';
import type { StudentDues } from '../../components/InstalmentDues';
import type { FeeBalanceRow } from './types';
import type { ReceiptPricingView } from './useReceiptPricing';

interface ReceiptLinesProps {
  form: ReceiptFormApi;
  heads: FeeBalanceRow[];
  pricing: ReceiptPricingView;
  /** An edit shows "Due before this receipt" where a new receipt shows "Balance". */
  editing: boolean;
  /** A new receipt: the instalments as of today, so a chosen head pre-fills what is due now. */
  dues?: StudentDues;
}

/**
 * The fee lines. Keyboard: the first fee type has focus, Enter on a chosen fee type moves to
 * particulars, Enter in particulars moves to the amount, Enter in an amount goes to the next line
 * (adding one at the end).
 */
export function ReceiptLines({ form, heads, pricing, editing, dues }: ReceiptLinesProps) {
  const items = form.values.items;
  const available = (id: number) => pricing.available.get(id) ?? 0;
  // One options array for every fee type list, rebuilt only when the batch's heads change.
  const headOptions = useMemo(() => heads.map((h) => ({ value: String(h.feeHeadId), label: h.feeHead })), [heads]);

  // Focus follows the keyboard: a line's fee type after adding or moving down, an amount after particulars.
  const headRefs = useRef<Array<HTMLInputElement | null>>([]);
  const particularsRefs = useRef<Array<HTMLInputElement | null>>([]);
  const amountRefs = useRef<Array<HTMLInputElement | null>>([]);
  const [focusLine, setFocusLine] = useState<number | null>(0);
  useEffect(() => {
    if (focusLine === null) return;
    headRefs.current[focusLine]?.focus();
    setFocusLine(null);
  }, [focusLine]);

  const addLine = () => {
    form.insertListItem('items', emptyLine());
    setFocusLine(items.length);
  };
  const removeLine = (index: number) => {
    form.removeListItem('items', index);
    setFocusLine(Math.max(0, Math.min(index, items.length - 2)));
  };
  const chooseHead = (index: number, value: string | null) => {
    form.setFieldValue(`items.${index}.feeHeadId`, value);
    if (!value) return;
    // What falls due later is left out of the pre-filled amount, unless nothing is due yet.
    const head = dues?.heads.find((h) => h.feeHeadId === Number(value));
    const left = pricing.amountLeft(index, Number(value));
    const dueNow = left - Math.max(0, (head?.balance ?? 0) - (head?.outstanding ?? 0));
    const outstanding = dueNow > 0 ? dueNow : left;
    form.setFieldValue(`items.${index}.amount`, outstanding > 0 ? paiseToRupeesText(outstanding) : '');
  };
  const onAmountKey = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (index === items.length - 1) addLine();
    else setFocusLine(index + 1);
  };
  // Enter on a fee type whose list is closed moves on instead of submitting the form.
  const onHeadKey = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.currentTarget.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    particularsRefs.current[index]?.focus();
  };
  const onParticularsKey = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    amountRefs.current[index]?.focus();
  };

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={4}>Items</Title>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">Enter</Kbd> in an amount adds a line · <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> submits
        </Text>
      </Group>
      <Table verticalSpacing="xs" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th w="32%">Fee type</Table.Th>
            <Table.Th>Particulars</Table.Th>
            <Table.Th w={190}>Amount</Table.Th>
            <Table.Th w={50} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((line, index) => {
            const id = line.feeHeadId ? Number(line.feeHeadId) : null;
            const above = id !== null && pricing.overpaid.some((o) => o.feeHeadId === id);
            return (
              <Table.Tr key={line.key} style={{ verticalAlign: 'top' }}>
                <Table.Td pt={14}>{index + 1}</Table.Td>
                <Table.Td>
                  <Select
                    ref={(el) => {
                      headRefs.current[index] = el;
                    }}
                    aria-label={`Fee type ${index + 1}`}
                    placeholder="Choose a fee head"
                    data={headOptions}
                    renderOption={({ option }) => (
                      <Group justify="space-between" w="100%" wrap="nowrap">
                        <span>{option.label}</span>
                        <Text size="xs" c="dimmed">
                          {formatRupees(available(Number(option.value)))}
                        </Text>
                      </Group>
                    )}
                    searchable
                    selectFirstOptionOnChange
                    // Mantine 9 otherwise resets the highlighted option in a timeout after opening, and a
                    // quick "type, Enter" would submit the form instead of choosing the head.
                    selectFirstOptionOnDropdownOpen
                    openOnFocus={false}
                    autoSelectOnBlur
                    allowDeselect={false}
                    nothingFoundMessage="No such fee head in this batch"
                    description={id !== null ? `${editing ? 'Due before this receipt' : 'Balance'} ${formatRupees(available(id))}` : undefined}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...form.getInputProps(`items.${index}.feeHeadId`)}
                    onChange={(value) => chooseHead(index, value)}
                    onKeyDown={onHeadKey(index)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    ref={(el) => {
                      particularsRefs.current[index] = el;
                    }}
                    aria-label={`Particulars ${index + 1}`}
                    placeholder="Optional"
                    maxLength={MAX_PARTICULARS}
                    onKeyDown={onParticularsKey(index)}
                    {...form.getInputProps(`items.${index}.particulars`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    ref={(el) => {
                      amountRefs.current[index] = el;
                    }}
                    aria-label={`Amount ${index + 1}`}
                    inputMode="decimal"
                    leftSection="₹"
                    styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                    onKeyDown={onAmountKey(index)}
                    description={above ? 'Above the balance' : undefined}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    c={above ? 'orange.8' : undefined}
                    {...form.getInputProps(`items.${index}.amount`)}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={4}
                    aria-label={`Remove line ${index + 1}`}
                    disabled={items.length === 1}
                    onClick={() => removeLine(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {typeof form.errors.items === 'string' && (
        <Text c="red" size="sm" mt="xs">
          {form.errors.items}
        </Text>
      )}
      <Button variant="light" size="xs" mt="sm" leftSection={<IconPlus size={14} />} onClick={addLine}>
        Add line
      </Button>
    </>
  );
}
