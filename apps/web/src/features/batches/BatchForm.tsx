import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZCreateBatchInput } from '@fees/validation';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { serverFieldErrors, useTRPC } from '../../lib/trpc';
import { DateField } from '../../components/DateField';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';

/** Ids are numbers (null until chosen): the Selects convert their text (lib/ids). */
export interface BatchFormValues {
  depId: number | null;
  courseId: number | null;
  name: string;
  startDate: string;
  endDate: string;
  confirm: boolean;
}

export const EMPTY_BATCH: BatchFormValues = {
  depId: null,
  courseId: null,
  name: '',
  startDate: '',
  endDate: '',
  confirm: false,
};

/** Batch create and edit: on success the server's message, then the department's batch list after 0.5 s. */
export function BatchForm({
  initialValues,
  batchId,
  version,
}: {
  initialValues: BatchFormValues;
  batchId?: number;
  /** The version of the batch as loaded: an edit of one changed since is refused. */
  version?: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm<BatchFormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(ZCreateBatchInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const depId = form.values.depId;

  const onSuccess = (result: { Message: string }) => {
    setSaved(result.Message);
    void queryClient.invalidateQueries({ queryKey: trpc.batches.pathKey() });
    timer.current = setTimeout(() => void navigate(`/admin/batchedt?depId=${depId}`), 500);
  };
  const onError = (error: unknown) => form.setErrors(serverFieldErrors(error));
  const create = useMutation(trpc.batches.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.batches.update.mutationOptions({ onSuccess, onError }));
  const mutation = batchId === undefined ? create : update;

  // Validation passed, so both ids are set.
  const submit = form.onSubmit((values) => {
    setSaved(null);
    const input = { ...values, depId: values.depId as number, courseId: values.courseId as number };
    if (batchId === undefined) create.mutate(input);
    else update.mutate({ ...input, id: batchId, version });
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FailureAlert error={mutation.error} />
          {saved && (
            <Alert color="green" icon={<IconCircleCheck />} role="status">
              {saved}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DepartmentCourseBatchSelect form={form} course />
          </SimpleGrid>
          <TextInput label="Batch name" placeholder="e.g. 2025-2028" withAsterisk {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Start date" withAsterisk {...form.getInputProps('startDate')} />
            <DateField label="End date" withAsterisk {...form.getInputProps('endDate')} />
          </SimpleGrid>
          <Checkbox label="Confirm" {...form.getInputProps('confirm', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => void navigate(depId ? `/admin/batchedt?depId=${depId}` : '/admin/batchedt')}
            >
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={saved !== null}>
              {batchId === undefined ? 'Save batch' : 'Update batch'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
