import {
  type ComboboxItem,
  type ComboboxParsedItem,
  getParsedComboboxData,
  isOptionsGroup,
  Select,
  type SelectProps,
} from '@mantine/core';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';

export interface SearchableSelectProps extends SelectProps {
  /** Enter chose the value, or confirmed the one already chosen: where the keyboard goes next. */
  onEnter?: (value: string) => void;
}

function flatten(items: ComboboxParsedItem[]): ComboboxItem[] {
  return items.flatMap((item) => (isOptionsGroup(item) ? item.items : [item]));
}

/** The first option whose label contains the text, as the list shows them (any case). */
function firstMatch(options: readonly ComboboxItem[], text: string): ComboboxItem | undefined {
  const search = text.trim().toLowerCase();
  return search ? options.find((o) => !o.disabled && o.label.toLowerCase().includes(search)) : undefined;
}

/**
 * A searchable Select whose Enter and Tab take the first option matching what is typed, decided
 * from the input's text at that moment. Mantine's own Enter takes the option highlighted by its last
 * render, so keys arriving in a burst ("Exam" + Enter, 0 ms apart) could take the option highlighted
 * before the list was filtered. Arrow keys and the mouse work as in Mantine.
 */
export function SearchableSelect({
  data,
  onChange,
  onEnter,
  onOptionSubmit,
  onSearchChange,
  wrapperProps,
  ...props
}: SearchableSelectProps) {
  const options = useMemo(() => flatten(getParsedComboboxData<string>(data)), [data]);
  const [opened, setOpened] = useState(false);
  // Set when the arrow keys moved the highlight: then Mantine's Enter takes the highlighted option.
  const navigated = useRef(false);
  const enterPressed = useRef(false);

  const choose = (option: ComboboxItem) => {
    if (option.value !== props.value) onChange?.(option.value, option);
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.getAttribute('role') !== 'combobox') return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') navigated.current = true;
    if (
      (event.key !== 'Enter' && event.key !== 'Tab') ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.nativeEvent.isComposing
    )
      return;
    const current = options.find((o) => o.value === props.value);
    if (event.key === 'Enter' && navigated.current && opened) {
      enterPressed.current = true;
      return;
    }
    const match = current && current.label === input.value ? current : firstMatch(options, input.value);
    setOpened(false);
    if (event.key === 'Tab') {
      if (match) choose(match);
      return;
    }
    if (!match) return;
    event.preventDefault();
    event.stopPropagation();
    choose(match);
    onEnter?.(match.value);
  };

  return (
    <Select
      searchable
      selectFirstOptionOnChange
      data={data}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onChange={onChange}
      onSearchChange={(search) => {
        navigated.current = false;
        onSearchChange?.(search);
      }}
      onOptionSubmit={(value) => {
        onOptionSubmit?.(value);
        if (enterPressed.current) onEnter?.(value);
        enterPressed.current = false;
        navigated.current = false;
      }}
      wrapperProps={{ ...wrapperProps, onKeyDownCapture }}
      {...props}
    />
  );
}
