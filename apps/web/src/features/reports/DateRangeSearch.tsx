import { Button, Group, Paper } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZDateRange } from '@fees/validation';
import { IconCalendarSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/DateField';

/**
 * The from..to search of a dated report, kept in the address (?from=&to=) so a reload or Back shows
 * the same report. Without dates in the address the report starts from `initial`, if given.
 */
export function useDateRangeSearch(initial?: () => { from: string; to: string }) {
  const [params, setParams] = useSearchParams();
  const searched = ZDateRange.safeParse({ from: params.get('from') ?? '', to: params.get('to') ?? '' });
  const range = searched.success ? searched.data : params.has('from') ? null : (initial?.() ?? null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { from: range?.from ?? '', to: range?.to ?? '' },
    validate: schemaResolver(ZDateRange, { sync: true }),
    clearInputErrorOnChange: true,
  });
  /** Submitting the dates already shown fetches the report again instead (the address would not change). */
  const onSearch = (refetch: () => void) =>
    form.onSubmit((values) => {
      if (values.from === range?.from && values.to === range?.to) refetch();
      else setParams({ from: values.from, to: values.to });
    });
  return { range, form, onSearch };
}

/** From and To (dd-MM-yyyy, both required) and the submit button. */
export function DateRangeForm({
  search,
  refetch,
  loading,
  submitLabel,
}: {
  search: ReturnType<typeof useDateRangeSearch>;
  refetch: () => void;
  loading: boolean;
  submitLabel: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg" mb="lg" className="no-print">
      <form noValidate onSubmit={search.onSearch(refetch)}>
        <Group align="flex-start" wrap="wrap">
          <DateField withAsterisk w={200} label="From" {...search.form.getInputProps('from')} />
          <DateField withAsterisk w={200} label="To" {...search.form.getInputProps('to')} />
          <Button type="submit" mt={25} leftSection={<IconCalendarSearch size={16} />} loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
