import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  isSentForApproval,
  SENT_FOR_APPROVAL_MESSAGE,
  sentForApprovalText,
  ZCreateDiscountInput,
} from '@fees/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { askBelowZero, infoDialog } from '../../lib/dialogs';
import { formatRupees } from '../../lib/money';
import { idSelectProps } from '../../lib/ids';
import { serverFieldErrors, useTRPC } from '../../lib/trpc';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { SearchableSelect } from '../../components/SearchableSelect';
import { useDiscountArea } from './area';

/** Ids are numbers (null until chosen): the Selects convert their text (lib/ids). */
export interface DiscountFormValues {
  depId: number | null;
  courseId: number | null;
  batchId: number | null;
  studentId: number | null;
  feeHeadId: number | null;
  discount: string;
  adjustment: string;
  note: string;
  confirm: boolean;
}

export const EMPTY_DISCOUNT: DiscountFormValues = {
  depId: null,
  courseId: null,
  batchId: null,
  studentId: null,
  feeHeadId: null,
  discount: '',
  adjustment: '',
  note: '',
  confirm: false,
};

/**
 * Discount create and edit. A new discount shows 'Saved!' and the form starts again for the same
 * batch; an edit shows the result and returns to the list. A refusal (the duplicate, an amount above
 * the fee) shows the server's message in red.
 */
export function DiscountForm({
  initialValues,
  discountId,
  version,
}: {
  initialValues: DiscountFormValues;
  discountId?: number;
  /** The version of the discount as loaded: an edit of one changed since is refused. */
  version?: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<DiscountFormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(ZCreateDiscountInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const { depId, batchId, feeHeadId } = form.values;
  const dep = depId ?? 0;
  const area = useDiscountArea();
  const listUrl = area.listPath(depId);

  const students = useQuery(
    trpc.discounts.studentsOfBatch.queryOptions(
      { depId: dep, batchId: batchId ?? 0 },
      { enabled: depId !== null && batchId !== null },
    ),
  );
  const heads = useQuery(
    trpc.fees.structures.byBatch.queryOptions(
      { depId: dep, batchId: batchId ?? 0 },
      { enabled: depId !== null && batchId !== null },
    ),
  );
  const head = heads.data?.find((h) => h.feeHeadId === feeHeadId);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.discounts.pathKey() });
  const onError = (error: unknown) => form.setErrors(serverFieldErrors(error));
  const create = useMutation(
    trpc.discounts.create.mutationOptions({
      onSuccess: (result) => {
        void refresh();
        // The next discount is most often for the same batch: keep department, course and batch.
        const { depId, courseId, batchId } = form.getValues();
        form.reset();
        form.setValues({ depId, courseId, batchId });
        if (isSentForApproval(result))
          infoDialog(SENT_FOR_APPROVAL_MESSAGE, sentForApprovalText('This discount', result.requestId));
        else infoDialog('Saved!', result.Message);
      },
      onError: (error, sent) =>
        askBelowZero(error, () => create.mutate({ ...sent, allowNegativeBalance: true })) || onError(error),
    }),
  );
  const update = useMutation(
    trpc.discounts.update.mutationOptions({
      onSuccess: (result) => {
        void refresh();
        const back = () => void navigate(listUrl);
        if (isSentForApproval(result))
          infoDialog(
            SENT_FOR_APPROVAL_MESSAGE,
            sentForApprovalText('This change of the discount', result.requestId),
            back,
          );
        else infoDialog('Information!', result.Message, back);
      },
      onError: (error, sent) =>
        askBelowZero(error, () => update.mutate({ ...sent, allowNegativeBalance: true })) || onError(error),
    }),
  );
  const mutation = discountId === undefined ? create : update;
  // Validation passed, so the ids are set.
  const submit = form.onSubmit((values) => {
    mutation.reset();
    const input = {
      ...values,
      depId: values.depId as number,
      courseId: values.courseId as number,
      batchId: values.batchId as number,
      studentId: values.studentId as number,
      feeHeadId: values.feeHeadId as number,
    };
    if (discountId === undefined) create.mutate(input);
    else update.mutate({ ...input, id: discountId, version });
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FailureAlert error={mutation.error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DepartmentCourseBatchSelect
              form={form}
              depId={area.fixedDepId ?? undefined}
              course
              batch
              warnNoBatch
              dependents={['studentId', 'feeHeadId']}
            />
            <SearchableSelect
              label="Student"
              placeholder={batchId ? 'Choose a student' : 'Choose a batch first'}
              withAsterisk
              disabled={!batchId}
              nothingFoundMessage="No student matches"
              data={(students.data ?? []).map((s) => ({ value: String(s.id), label: `${s.admissionNo} · ${s.name}` }))}
              {...idSelectProps(form, 'studentId')}
            />
          </SimpleGrid>
          <Select
            label="Fee head"
            placeholder={batchId ? 'Choose a fee head of the batch' : 'Choose a batch first'}
            withAsterisk
            disabled={!batchId}
            nothingFoundMessage="This batch has no fee structure yet"
            data={(heads.data ?? []).map((h) => ({
              value: String(h.feeHeadId),
              label: `${h.feeHeadName} (fee ${formatRupees(h.amountPaise)})`,
            }))}
            {...idSelectProps(form, 'feeHeadId')}
            description={
              head
                ? `Fee for this batch: ₹ ${formatRupees(head.amountPaise)}. ` +
                  'Discount and adjustment together may not exceed it.'
                : undefined
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Discount amount"
              placeholder="0.00"
              inputMode="decimal"
              leftSection={<Text size="sm">₹</Text>}
              withAsterisk
              {...form.getInputProps('discount')}
            />
            <TextInput
              label="Adjustment amount"
              placeholder="0.00"
              inputMode="decimal"
              leftSection={<Text size="sm">₹</Text>}
              withAsterisk
              {...form.getInputProps('adjustment')}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            placeholder="Optional: reason for the discount"
            autosize
            minRows={2}
            {...form.getInputProps('note')}
          />
          <Checkbox label="Confirm" {...form.getInputProps('confirm', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(listUrl)}>
              {discountId === undefined ? 'Back to list' : 'Cancel'}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {discountId === undefined ? 'Save' : 'Update'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
