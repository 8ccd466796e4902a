import { ActionIcon, Button, Group, Kbd, Table, Text, TextInput, Title } from '@mantine/core';
import { MAX_PARTICULARS, paiseToRupeesText } from '@fees/validation';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SearchableSelect } from '../../components/SearchableSelect';
import { idSelectProps } from '../../lib/ids';
import { formatRupees } from '../../lib/money';
import { emptyLine, type ReceiptFormApi } from './receipt-form';
import type { StudentDues } from '../../components/InstalmentDues';
import type { FeeBalanceRow } from './types';
import type { ReceiptPricingView } from './useReceiptPricing';
import '../../components/keyboard-hint.css';
import './receipt-lines.css';

interface ReceiptLinesProps {
  form: ReceiptFormApi;
  heads: FeeBalanceRow[];
  pricing: ReceiptPricingView;
  /** An edit shows "Due before this receipt" where a new receipt shows "Balance". */
  editing: boolean;
  /** A new receipt: the instalments as of today, so a chosen head pre-fills what is due now. */
  dues?: StudentDues;
}

/** Where the keyboard goes after the next render: a line's fee type, or its amount with the text selected. */
type FocusTarget = { line: number; field: 'head' | 'amount' };

/**
 * The fee lines. Keyboard: the first fee type has focus; typing part of a
 * head and Enter takes the first match and moves to Amount, filled with what is left on that head and
 * selected; Enter in an amount goes to the next line's fee type (adding one at the end); Tab from a fee
 * type reaches Particulars, Enter there moves to the amount.
 */
export function ReceiptLines({ form, heads, pricing, editing, dues }: ReceiptLinesProps) {
  const items = form.values.items;
  const available = (id: number) => pricing.available.get(id) ?? 0;
  // One options array for every fee type list, rebuilt only when the batch's heads change.
  const headOptions = useMemo(() => heads.map((h) => ({ value: String(h.feeHeadId), label: h.feeHead })), [heads]);

  const headRefs = useRef<Array<HTMLInputElement | null>>([]);
  const amountRefs = useRef<Array<HTMLInputElement | null>>([]);
  const [focus, setFocus] = useState<FocusTarget | null>({ line: 0, field: 'head' });
  // A layout effect: focus moves before the next key of a burst is handled.
  useLayoutEffect(() => {
    if (focus === null) return;
    if (focus.field === 'head') headRefs.current[focus.line]?.focus();
    else {
      amountRefs.current[focus.line]?.focus();
      amountRefs.current[focus.line]?.select();
    }
    setFocus(null);
  }, [focus]);

  const addLine = () => {
    form.insertListItem('items', emptyLine());
    setFocus({ line: items.length, field: 'head' });
  };
  const removeLine = (index: number) => {
    form.removeListItem('items', index);
    setFocus({ line: Math.max(0, Math.min(index, items.length - 2)), field: 'head' });
  };
  /** A head was chosen on a line (the Select has set it): pre-fill the amount. */
  const prefill = (index: number, feeHeadId: number | null) => {
    if (feeHeadId === null) return;
    // What falls due later is left out of the pre-filled amount, unless nothing is due yet.
    const head = dues?.heads.find((h) => h.feeHeadId === feeHeadId);
    const left = pricing.amountLeft(index, feeHeadId);
    const dueNow = left - Math.max(0, (head?.balance ?? 0) - (head?.outstanding ?? 0));
    const outstanding = dueNow > 0 ? dueNow : left;
    form.setFieldValue(`items.${index}.amount`, outstanding > 0 ? paiseToRupeesText(outstanding) : '');
  };
  const onAmountKey = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (index === items.length - 1) addLine();
    else setFocus({ line: index + 1, field: 'head' });
  };
  const onParticularsKey = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    setFocus({ line: index, field: 'amount' });
  };

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Items
        </Title>
        <Text size="xs" c="dimmed" className="keyboard-hint">
          <Kbd size="xs">Enter</Kbd> picks a head, then adds a line · <Kbd size="xs">Tab</Kbd> to particulars ·{' '}
          <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> submits
        </Text>
      </Group>
      <Table className="receipt-lines" verticalSpacing="xs" withRowBorders={false}>
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
            const id = line.feeHeadId;
            const above = id !== null && pricing.overpaid.some((o) => o.feeHeadId === id);
            return (
              <Table.Tr key={line.key} style={{ verticalAlign: 'top' }}>
                <Table.Td pt={14}>{index + 1}</Table.Td>
                <Table.Td>
                  <SearchableSelect
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
                    openOnFocus={false}
                    allowDeselect={false}
                    nothingFoundMessage="No such fee head in this batch"
                    description={
                      id !== null
                        ? `${editing ? 'Due before this receipt' : 'Balance'} ${formatRupees(available(id))}`
                        : undefined
                    }
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...idSelectProps(form, `items.${index}.feeHeadId`, (feeHeadId) => prefill(index, feeHeadId))}
                    onEnter={() => setFocus({ line: index, field: 'amount' })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
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
