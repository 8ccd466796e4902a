import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZCreateFeeStructureInput } from '@fees/validation';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/dates';
import { askBelowZero } from '../../lib/dialogs';
import { formatRupees } from '../../lib/money';
import { idSelectProps } from '../../lib/ids';
import { serverFieldErrors, useTRPC } from '../../lib/trpc';
import { DateField } from '../../components/DateField';
import { type ChosenBatch, DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { SearchableSelect } from '../../components/SearchableSelect';
import { changedGst, EXEMPT_GST, type GstFormValues, GstFields, gstFormValues } from './GstFields';

const checkStructure = schemaResolver(ZCreateFeeStructureInput, { sync: true });

/** Ids are numbers (null until chosen): the Selects convert their text (lib/ids). */
export interface FeeStructureFormValues {
  depId: number | null;
  batchId: number | null;
  startDate: string;
  endDate: string;
  feeHeadId: number | null;
  amount: string;
  /** Owed only by the students opted in (transport, hostel, mess). */
  optional: boolean;
  confirm: boolean;
  /** The chosen head's GST, filled from the head when it is chosen. */
  gst: GstFormValues;
}

export const EMPTY_FEE_STRUCTURE: FeeStructureFormValues = {
  depId: null,
  batchId: null,
  startDate: '',
  endDate: '',
  feeHeadId: null,
  amount: '',
  optional: false,
  confirm: false,
  gst: EXEMPT_GST,
};

/**
 * Fee structure create and edit. A new row keeps department, batch and dates after saving so the
 * next head of the batch can follow; an edit returns to the list after 0.5 s. A failure shows
 * 'Error...' with the server's reason.
 */
export function FeeStructureForm({
  initialValues,
  structureId,
  version,
}: {
  initialValues: FeeStructureFormValues;
  structureId?: number;
  /** The version of the row as loaded: an edit of a row changed since is refused. */
  version?: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const heads = useQuery(trpc.fees.heads.list.queryOptions());
  const headOf = (id: number | null) => heads.data?.find((h) => h.id === id);
  const headOfRef = useRef(headOf);
  headOfRef.current = headOf;
  /** The values as sent: the GST only when it differs from the chosen head's (a head without a code stays as it is). */
  const sent = (values: FeeStructureFormValues) => ({
    ...values,
    gst: changedGst(values.gst, headOfRef.current(values.feeHeadId)),
  });
  const form = useForm<FeeStructureFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => checkStructure(sent(values)),
    clearInputErrorOnChange: true,
    onValuesChange: (values, previous) => {
      if (values.feeHeadId !== previous.feeHeadId)
        form.setFieldValue('gst', gstFormValues(headOfRef.current(values.feeHeadId)));
    },
  });
  const { depId, batchId, feeHeadId } = form.values;
  const listUrl = depId ? `/admin/feelist?depId=${depId}` : '/admin/feelist';
  // An edit's head is known before the heads arrive: its GST is filled once they do.
  const loadedHeads = heads.data !== undefined;
  useEffect(() => {
    if (loadedHeads && feeHeadId !== null) form.setFieldValue('gst', gstFormValues(headOfRef.current(feeHeadId)));
  }, [loadedHeads]);
  const charged = useQuery(
    trpc.fees.structures.byBatch.queryOptions(
      { depId: depId ?? 0, batchId: batchId ?? 0 },
      { enabled: depId !== null && batchId !== null },
    ),
  );

  const takenHeads = new Map(
    (charged.data ?? []).filter((s) => s.id !== structureId).map((s) => [s.feeHeadId, s.amountPaise]),
  );
  const headOptions = (heads.data ?? []).map((h) => {
    const taken = takenHeads.get(h.id);
    return {
      value: String(h.id),
      label: taken === undefined ? h.name : `${h.name} (already ${formatRupees(taken)})`,
      disabled: taken !== undefined,
    };
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.fees.pathKey() });
  const onError = (error: unknown) => form.setErrors(serverFieldErrors(error));
  const create = useMutation(
    trpc.fees.structures.create.mutationOptions({
      onSuccess: (result) => {
        setSaved(result.Message);
        form.setValues({ feeHeadId: null, amount: '', optional: false, confirm: false, gst: EXEMPT_GST });
        form.resetDirty();
        void refresh();
      },
      onError: (error, sent) =>
        askBelowZero(error, () => create.mutate({ ...sent, allowNegativeBalance: true })) || onError(error),
    }),
  );
  const update = useMutation(
    trpc.fees.structures.update.mutationOptions({
      onSuccess: (result) => {
        setSaved(result.Message);
        void refresh();
        timer.current = setTimeout(() => void navigate(listUrl), 500);
      },
      onError: (error, sent) =>
        askBelowZero(error, () => update.mutate({ ...sent, allowNegativeBalance: true })) || onError(error),
    }),
  );
  const mutation = structureId === undefined ? create : update;

  // Validation passed, so the ids are set.
  const submit = form.onSubmit((values) => {
    setSaved(null);
    const input = {
      ...sent(values),
      depId: values.depId as number,
      batchId: values.batchId as number,
      feeHeadId: values.feeHeadId as number,
    };
    if (structureId === undefined) create.mutate(input);
    else update.mutate({ ...input, id: structureId, version });
  });

  /** A new row takes the batch's dates when none are typed yet. */
  const chooseBatch = (batch: ChosenBatch | undefined) => {
    if (batch && !form.values.startDate && !form.values.endDate) {
      form.setFieldValue('startDate', batch.startDate);
      form.setFieldValue('endDate', batch.endDate);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FailureAlert error={mutation.error} title="Error..." />
          {saved && (
            <Alert color="green" icon={<IconCircleCheck />} role="status">
              {saved}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DepartmentCourseBatchSelect form={form} batch onBatchChange={chooseBatch} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Start date" withAsterisk {...form.getInputProps('startDate')} />
            <DateField label="End date" withAsterisk {...form.getInputProps('endDate')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SearchableSelect
              label="Fee head"
              placeholder="Choose a fee head"
              withAsterisk
              data={headOptions}
              {...idSelectProps(form, 'feeHeadId')}
            />
            <TextInput
              label="Amount"
              placeholder="0.00"
              inputMode="decimal"
              leftSection={<Text size="sm">₹</Text>}
              withAsterisk
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          {feeHeadId !== null && <GstFields form={form} headName={headOf(feeHeadId)?.name ?? null} />}
          {charged.data && charged.data.length > 0 && structureId === undefined && (
            <Text size="sm" c="dimmed">
              Already in this batch:{' '}
              {charged.data
                .map(
                  (s) =>
                    `${s.feeHeadName} ${formatRupees(s.amountPaise)} ` +
                    `(${formatDate(s.startDate)} to ${formatDate(s.endDate)})`,
                )
                .join(', ')}
            </Text>
          )}
          <Checkbox
            label="Optional head: owed only by the students opted in (Optional heads, in the department's menu)"
            {...form.getInputProps('optional', { type: 'checkbox' })}
          />
          <Checkbox label="Confirm" {...form.getInputProps('confirm', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(listUrl)}>
              {structureId === undefined && saved ? 'Done' : 'Cancel'}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={structureId !== undefined && saved !== null}>
              {structureId === undefined ? 'Save' : 'Update'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
