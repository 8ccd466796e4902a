import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Grid,
  Group,
  Kbd,
  List,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  PAYMENT_MODE_LABELS,
  paiseToRupeesText,
  parseRupeesToPaise,
  RECEIPT_PAYMENT_MODES,
  ratePercentText,
  receiptPaymentRule,
  receiptTaxPaise,
  type TReceiptPaymentMode,
  ZReceiptFields,
} from '@fees/validation';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { confirmDialog } from '../../lib/dialogs';
import { amountInWords, formatRupees } from '../../lib/money';
import { FeesInfoTable } from './FeesInfoTable';
import type { FeeBalanceRow, FeeBalanceTotals } from './types';
import { FailureAlert } from '../../components/FailureAlert';

const ZReceiptForm = ZReceiptFields.pick({
  date: true,
  phone: true,
  email: true,
  items: true,
  paymentMode: true,
  paymentReference: true,
  confirm: true,
}).superRefine(receiptPaymentRule);

export interface ReceiptFormLine {
  key: string;
  feeHeadId: string | null;
  particulars: string;
  amount: string;
}

export interface ReceiptFormValues {
  date: string;
  phone: string;
  email: string;
  items: ReceiptFormLine[];
  paymentMode: TReceiptPaymentMode;
  paymentReference: string;
  confirm: boolean;
}

/** What the form hands to create or update: the fields as typed, plus the totals it showed. */
export interface ReceiptSubmission {
  date: string;
  phone: string;
  email: string;
  items: Array<{ feeHeadId: number; particulars: string; amount: string }>;
  paymentMode: TReceiptPaymentMode;
  paymentReference: string | null;
  total: string;
  tax: string;
  net: string;
  confirm: true;
  allowOverpayment: boolean;
}

export function emptyLine(): ReceiptFormLine {
  return { key: randomId(), feeHeadId: null, particulars: '', amount: '' };
}

export interface ReceiptHeader {
  courseName: string;
  admissionNo: string;
  studentName: string;
  address: string;
  batchName: string;
}

interface ReceiptFormProps {
  header: ReceiptHeader;
  /** The fee heads of the student's batch with their balances. */
  heads: FeeBalanceRow[];
  totals: FeeBalanceTotals;
  /** For an edit: per fee head, what this receipt already pays (it comes back to the balance). */
  alreadyOnReceipt?: ReadonlyMap<number, number>;
  rateBasisPoints: number;
  initialValues: ReceiptFormValues;
  pending: boolean;
  error: unknown;
  onSubmit: (submission: ReceiptSubmission) => void;
  onCancel: () => void;
  /** Extra buttons beside Submit and Cancel (Delete on the edit screen). */
  actions?: ReactNode;
}

const lineAmount = (line: ReceiptFormLine) => parseRupeesToPaise(line.amount) ?? 0;

/**
 * The receipt form (entry and edit): read-only student header, editable telephone, date and email,
 * fee lines, totals with GST and the net in words, payment mode and reference, Confirm. Keyboard:
 * the first fee type has focus, Enter on a chosen fee type moves to particulars, Enter in particulars moves to the amount, Enter in an amount goes
 * to the next line (adding one at the end), Ctrl+Enter submits.
 */
export function ReceiptForm(props: ReceiptFormProps) {
  const { header, heads, totals, alreadyOnReceipt, rateBasisPoints, initialValues, pending, error, onSubmit, onCancel, actions } = props;
  const form = useForm<ReceiptFormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(ZReceiptForm, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const items = form.values.items;

  const available = useMemo(() => {
    const map = new Map<number, number>();
    for (const row of heads) map.set(row.feeHeadId, row.balancePaise + (alreadyOnReceipt?.get(row.feeHeadId) ?? 0));
    return map;
  }, [heads, alreadyOnReceipt]);
  const headName = (id: number) => heads.find((h) => h.feeHeadId === id)?.feeHead ?? '';
  // One options array for every fee type list, rebuilt only when the batch's heads change.
  const headOptions = useMemo(() => heads.map((h) => ({ value: String(h.feeHeadId), label: h.feeHead })), [heads]);

  const perHead = new Map<number, number>();
  for (const line of items) {
    if (line.feeHeadId) perHead.set(Number(line.feeHeadId), (perHead.get(Number(line.feeHeadId)) ?? 0) + lineAmount(line));
  }
  const overpaid = [...perHead]
    .filter(([id, amount]) => amount > (available.get(id) ?? 0))
    .map(([id, amount]) => ({ id, name: headName(id), amount, available: available.get(id) ?? 0 }));
  const totalPaise = items.reduce((sum, line) => sum + lineAmount(line), 0);
  const taxPaise = receiptTaxPaise(totalPaise, rateBasisPoints);
  const netPaise = totalPaise + taxPaise;

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
    const id = Number(value);
    const elsewhere = items.reduce((sum, line, i) => (i !== index && Number(line.feeHeadId) === id ? sum + lineAmount(line) : sum), 0);
    const outstanding = (available.get(id) ?? 0) - elsewhere;
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

  const submit = (values: ReceiptFormValues) => {
    const send = (allowOverpayment: boolean) =>
      onSubmit({
        date: values.date,
        phone: values.phone,
        email: values.email,
        items: values.items.map((line) => ({ feeHeadId: Number(line.feeHeadId), particulars: line.particulars, amount: line.amount.trim() })),
        paymentMode: values.paymentMode,
        paymentReference: values.paymentMode === 'cash' ? null : values.paymentReference,
        total: paiseToRupeesText(totalPaise),
        tax: paiseToRupeesText(taxPaise),
        net: paiseToRupeesText(netPaise),
        confirm: true,
        allowOverpayment,
      });
    confirmDialog('Are you sure you want to Submit ?', () => {
      if (overpaid.length === 0) {
        send(false);
        return;
      }
      modals.openConfirmModal({
        title: 'Amount above the balance',
        children: (
          <Stack gap="xs">
            <Text size="sm">This receipt takes more than what is due:</Text>
            <List size="sm">
              {overpaid.map((o) => (
                <List.Item key={o.id}>
                  {o.name}: {formatRupees(o.amount)} against a balance of {formatRupees(o.available)}
                </List.Item>
              ))}
            </List>
            <Text size="sm">Save it with the overpayment?</Text>
          </Stack>
        ),
        labels: { confirm: 'Accept overpayment', cancel: 'Go back' },
        confirmProps: { color: 'orange' },
        onConfirm: () => send(true),
      });
    });
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(submit)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          form.onSubmit(submit)();
        }
      }}
    >
      <Stack gap="lg">
        {error !== null && error !== undefined && (
          <FailureAlert error={error} title="Not saved" />
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper withBorder radius="md" p="lg" h="100%">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                <TextInput label="Course" value={header.courseName} readOnly variant="filled" tabIndex={-1} />
                <TextInput label="Admission no" value={header.admissionNo} readOnly variant="filled" tabIndex={-1} />
                <TextInput label="Student name" value={header.studentName} readOnly variant="filled" tabIndex={-1} />
                <TextInput label="Batch" value={header.batchName} readOnly variant="filled" tabIndex={-1} />
                <TextInput label="Address" value={header.address} readOnly variant="filled" tabIndex={-1} style={{ gridColumn: '1 / -1' }} />
                <TextInput label="Telephone" autoComplete="off" {...form.getInputProps('phone')} />
                <TextInput label="Receipt date" type="date" withAsterisk {...form.getInputProps('date')} />
                <TextInput label="Email" type="email" autoComplete="off" style={{ gridColumn: '1 / -1' }} {...form.getInputProps('email')} />
              </SimpleGrid>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper withBorder radius="md" p="lg" h="100%">
              <Title order={5} mb="xs">
                Dues
              </Title>
              <FeesInfoTable rows={heads} totals={totals} compact />
            </Paper>
          </Grid.Col>
        </Grid>

        <Paper withBorder radius="md" p="lg">
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
                const above = id !== null && overpaid.some((o) => o.id === id);
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
                              {formatRupees(available.get(Number(option.value)) ?? 0)}
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
                        description={id !== null ? `${alreadyOnReceipt ? 'Due before this receipt' : 'Balance'} ${formatRupees(available.get(id) ?? 0)}` : undefined}
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
                        maxLength={60}
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

          <Divider my="md" />
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="sm">
                <div>
                  <Text size="sm" fw={500} mb={4}>
                    Payment mode
                  </Text>
                  <SegmentedControl
                    aria-label="Payment mode"
                    data={RECEIPT_PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }))}
                    value={form.values.paymentMode}
                    onChange={(mode) => form.setFieldValue('paymentMode', mode as TReceiptPaymentMode)}
                  />
                </div>
                <TextInput
                  label="Reference no."
                  description={form.values.paymentMode === 'cash' ? 'Not needed for cash' : 'UPI transaction id, cheque number, ...'}
                  disabled={form.values.paymentMode === 'cash'}
                  withAsterisk={form.values.paymentMode !== 'cash'}
                  maw={360}
                  {...form.getInputProps('paymentReference')}
                />
                <Checkbox label="Confirm" mt="xs" {...form.getInputProps('confirm', { type: 'checkbox' })} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper bg="gray.0" p="md" radius="md">
                <Stack gap={6}>
                  <Group justify="space-between">
                    <Text>Total</Text>
                    <Text ff="monospace" data-testid="receipt-total">
                      {formatRupees(totalPaise)}
                    </Text>
                  </Group>
                  <Group justify="space-between">
                    <Text>GST ({ratePercentText(rateBasisPoints)}%)</Text>
                    <Text ff="monospace" data-testid="receipt-tax">
                      {formatRupees(taxPaise)}
                    </Text>
                  </Group>
                  <Divider />
                  <Group justify="space-between">
                    <Text fw={700}>Net amount</Text>
                    <Text fw={700} ff="monospace" size="lg" data-testid="receipt-net">
                      {formatRupees(netPaise)}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" fs="italic" data-testid="receipt-words">
                    {amountInWords(netPaise)}
                  </Text>
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </Paper>

        <Group justify="space-between">
          <Group>
            <Button type="submit" loading={pending}>
              Submit
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
