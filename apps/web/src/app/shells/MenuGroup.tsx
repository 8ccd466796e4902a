import { NavLink } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** A collapsible group of a side menu: a button that shows or hides its links and says which (aria-expanded). */
export function MenuGroup({
  label,
  icon,
  defaultOpened = true,
  children,
}: {
  label: string;
  icon: ReactNode;
  defaultOpened?: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
    >
      {children}
    </NavLink>
  );
}
