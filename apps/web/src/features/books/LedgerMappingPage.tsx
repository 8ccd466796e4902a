import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BOOKS_PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  type TReceiptPaymentMode,
  type TSaveLedgerMappingInput,
} from '@fees/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../components/DateField';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { useDepartment } from '../../lib/department-context';
import { can } from '../../lib/can';
import { GRANULARITY_LABELS } from './granularity';
import { type RouterOutputs, serverFieldErrors, useTRPC } from '../../lib/trpc';

type Mapping = RouterOutputs['books']['mapping'];

/** The form's copy of a mapping: every head and mode with its ledger as typed (empty: none). */
function formOf(mapping: Mapping) {
  const modes = new Map(mapping.modes.map((m) => [m.mode, m.ledger]));
  return {
    company: mapping.company,
    costCentre: mapping.costCentre ?? '',
    refundLedger: mapping.refundLedger,
    gstLedger: mapping.gstLedger,
    granularity: mapping.granularity,
    concessions: mapping.concessions,
    concessionLedger: mapping.concessionLedger,
    concessionsFrom: mapping.concessionsFrom ?? '',
    heads: Object.fromEntries(mapping.heads.map((h) => [h.feeHeadId, h.ledger ?? ''])) as Record<number, string>,
    modes: Object.fromEntries(BOOKS_PAYMENT_MODES.map((m) => [m, modes.get(m) ?? ''])) as Record<string, string>,
    gst: Object.fromEntries(mapping.gst.map((g) => [g.rateBasisPoints, g.ledger ?? ''])) as Record<number, string>,
    gateway: { ...mapping.gateway },
  };
}

function MappingForm({ mapping, depId, canSave }: { mapping: Mapping; depId: number; canSave: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(mapping));
  const save = useMutation(
    trpc.books.saveMapping.mutationOptions({
      onSuccess: async (saved) => {
        notifications.show({ color: 'teal', message: saved.message });
        await queryClient.invalidateQueries({ queryKey: trpc.books.pathKey() });
      },
    }),
  );
  const errors = serverFieldErrors(save.error);
  const missing = [
    ...mapping.heads.filter((h) => !form.heads[h.feeHeadId]?.trim()).map((h) => h.name),
    ...BOOKS_PAYMENT_MODES.filter((m) => !form.modes[m]?.trim()).map(
      (m) => PAYMENT_MODE_LABELS[m as TReceiptPaymentMode] ?? m,
    ),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: TSaveLedgerMappingInput = {
      depId: depId as TSaveLedgerMappingInput['depId'],
      version: mapping.version,
      company: form.company,
      costCentre: form.costCentre || null,
      refundLedger: form.refundLedger,
      gstLedger: form.gstLedger,
      granularity: form.granularity,
      concessions: form.concessions,
      concessionLedger: form.concessionLedger,
      ...(form.concessionsFrom ? { concessionsFrom: form.concessionsFrom } : {}),
      heads: mapping.heads
        .filter((h) => form.heads[h.feeHeadId]?.trim())
        .map((h) => ({ feeHeadId: h.feeHeadId, ledger: form.heads[h.feeHeadId]!.trim() })),
      modes: BOOKS_PAYMENT_MODES.filter((m) => form.modes[m]?.trim()).map((m) => ({
        mode: m as TReceiptPaymentMode,
        ledger: form.modes[m]!.trim(),
      })),
      gst: mapping.gst
        .filter((g) => form.gst[g.rateBasisPoints]?.trim())
        .map((g) => ({ rateBasisPoints: g.rateBasisPoints, ledger: form.gst[g.rateBasisPoints]!.trim() })),
      gateway: form.gateway,
    };
    save.mutate(input);
  };
  const text = (label: string, value: string, onChange: (v: string) => void, error?: string, placeholder?: string) => (
    <TextInput
      key={label}
      label={label}
      value={value}
      placeholder={placeholder}
      maxLength={100}
      readOnly={!canSave}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {missing.length > 0 && (
          <Alert color="yellow" title="No ledger yet" data-testid="unmapped">
            {missing.join(', ')}: an export that needs one of these stops until it has a ledger.
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Company
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('Tally company', form.company, (company) => setForm({ ...form, company }), errors.company)}
            {text(
              'Cost centre (when departments share one company)',
              form.costCentre,
              (costCentre) => setForm({ ...form, costCentre }),
              errors.costCentre,
            )}
            {text('Refunds paid from', form.refundLedger, (refundLedger) => setForm({ ...form, refundLedger }))}
            {text('Output GST (before the rate)', form.gstLedger, (gstLedger) => setForm({ ...form, gstLedger }))}
          </SimpleGrid>
          <Radio.Group
            mt="md"
            label="Vouchers"
            value={form.granularity}
            onChange={(v) => setForm({ ...form, granularity: v as 'receipt' | 'day' })}
          >
            <Stack gap="xs" mt={4}>
              <Radio value="receipt" label={GRANULARITY_LABELS.receipt} disabled={!canSave} />
              <Radio value="day" label={GRANULARITY_LABELS.day} disabled={!canSave} />
            </Stack>
          </Radio.Group>
        </Paper>
        {mapping.gst.length > 0 && (
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="xs">
              Output GST per rate
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Each rate's GST is credited to its own ledger; left empty, the ledger is named after the rate.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {mapping.gst.map((g) =>
                text(
                  `GST ${g.rateBasisPoints / 100}%`,
                  form.gst[g.rateBasisPoints] ?? '',
                  (ledger) => setForm({ ...form, gst: { ...form.gst, [g.rateBasisPoints]: ledger } }),
                  undefined,
                  `${form.gstLedger.trim()} ${g.rateBasisPoints / 100}%`,
                ),
              )}
            </SimpleGrid>
          </Paper>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Fee heads: income ledgers
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {mapping.heads.map((h) =>
              text(h.name, form.heads[h.feeHeadId] ?? '', (ledger) =>
                setForm({ ...form, heads: { ...form.heads, [h.feeHeadId]: ledger } }),
              ),
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Payment modes: cash and bank ledgers
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {BOOKS_PAYMENT_MODES.map((m) =>
              text(PAYMENT_MODE_LABELS[m as TReceiptPaymentMode] ?? m, form.modes[m] ?? '', (ledger) =>
                setForm({ ...form, modes: { ...form.modes, [m]: ledger } }),
              ),
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="xs">
            Gateway settlements
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            On each settlement's day the department's online payments in it leave the Online ledger: what reached the
            bank, the gateway's fee and the GST on the fee go to these.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {text('Gateway fee', form.gateway.charges, (charges) =>
              setForm({ ...form, gateway: { ...form.gateway, charges } }),
            )}
            {text('GST on the fee', form.gateway.inputGst, (inputGst) =>
              setForm({ ...form, gateway: { ...form.gateway, inputGst } }),
            )}
            {text('Settled into', form.gateway.bank, (bank) =>
              setForm({ ...form, gateway: { ...form.gateway, bank } }),
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="xs">
            Concessions and discounts
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            As the CA prefers: not booked (the books hold what was received), or booked as a Journal on each day the
            discounts changed, debiting the concession ledger and crediting each head's income with what was granted
            that day less what was withdrawn.
          </Text>
          <Radio.Group
            label="Concessions"
            value={form.concessions}
            onChange={(v) => setForm({ ...form, concessions: v as 'not_booked' | 'booked' })}
          >
            <Stack gap="xs" mt={4}>
              <Radio value="not_booked" label="Not booked" disabled={!canSave} />
              <Radio value="booked" label="Booked to a concession ledger" disabled={!canSave} />
            </Stack>
          </Radio.Group>
          {form.concessions === 'booked' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              {text(
                'Concession ledger',
                form.concessionLedger,
                (concessionLedger) => setForm({ ...form, concessionLedger }),
                errors.concessionLedger,
              )}
              <DateField
                label="Booked from"
                description="Discount changes before this day stay out of the books (empty: from the day you save)"
                value={form.concessionsFrom}
                onChange={(concessionsFrom) => setForm({ ...form, concessionsFrom })}
                error={errors.concessionsFrom}
                readOnly={!canSave}
                clearable
              />
            </SimpleGrid>
          )}
        </Paper>
        <FailureAlert error={save.error} title="Not saved" />
        {canSave ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save mapping
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only an administrator can rename the ledgers.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * Ledger mapping: which ledger of the accountant's books (Tally) each fee head and payment mode goes to, the
 * department's Tally company (or cost centre), the refunds' and output GST's ledgers. Renamed by an admin.
 */
export default function LedgerMappingPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const mapping = useQuery(trpc.books.mapping.queryOptions({ depId: department.id }));
  return (
    <Stack>
      <PageHeader title="Ledger mapping" subtitle={department.name} />
      <Group>
        <Button component={Link} to={`/${department.prefix}/books`} variant="subtle">
          Back to Books
        </Button>
      </Group>
      <ReportStates query={mapping} loadingLabel="Loading the mapping..." refreshInPlace>
        {(data) => <MappingForm key={data.version} mapping={data} depId={department.id} canSave={can('admin')} />}
      </ReportStates>
    </Stack>
  );
}
