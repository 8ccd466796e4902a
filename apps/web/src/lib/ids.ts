/**
 * Ids at the edges of the screens. A Select's options and a URL carry ids as text, while every
 * procedure takes them as JSON integers (it refuses "100"). Forms hold the number and convert here,
 * once: a Select bound with idSelectProps shows text and stores the id, or null when nothing is
 * chosen (the shared schema then says Required).
 */
import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import type { ChangeEvent } from 'react';

const DECIMAL_DIGITS = /^\d{1,15}$/;

/** The id named by a Select's value or a URL parameter; nothing, or anything but decimal digits, is null. */
export function idOf(text: string | null | undefined): number | null {
  return text != null && DECIMAL_DIGITS.test(text) ? Number(text) : null;
}

/** An id as a Select's value (its options carry ids as text). */
export function idText(id: number | null | undefined): string | null {
  return id == null ? null : String(id);
}

/** Select options from rows with an id and a label. */
export function idOptions<T extends { id: number }>(rows: readonly T[] | undefined, label: (row: T) => string) {
  return (rows ?? []).map((row) => ({ value: String(row.id), label: label(row) }));
}

/**
 * The props that bind a Select to a form field holding an id (number | null). onChange runs after the
 * field is set, e.g. to clear a field that depends on it.
 */
export function idSelectProps<Values>(
  form: UseFormReturnType<Values>,
  path: LooseKeys<Values>,
  onChange?: (id: number | null) => void,
) {
  const input = form.getInputProps(path);
  return {
    ...input,
    value: idText(input.value as number | null | undefined),
    onChange: (value: string | null) => {
      const id = idOf(value);
      form.setFieldValue(path, id as never);
      onChange?.(id);
    },
  };
}

/** As idSelectProps, for a NativeSelect: its value is '' when nothing is chosen, and onChange gets the event. */
export function idNativeSelectProps<Values>(
  form: UseFormReturnType<Values>,
  path: LooseKeys<Values>,
  onChange?: (id: number | null) => void,
) {
  const { value, onChange: choose, ...input } = idSelectProps(form, path, onChange);
  return {
    ...input,
    value: value ?? '',
    onChange: (event: ChangeEvent<HTMLSelectElement>) => choose(event.currentTarget.value),
  };
}
