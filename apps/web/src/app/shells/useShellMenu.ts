import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent } from 'react';

export interface ShellMenu {
  mobileOpened: boolean;
  desktopOpened: boolean;
  toggleMobile: () => void;
  toggleDesktop: () => void;
  /** On the navbar: a click on any of its links closes the phone menu. */
  onNavbarClick: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * The side menu's two states: below the md breakpoint it starts closed and closes after each choice
 * (it covers the screen there); from md up it starts open and stays as the user leaves it.
 */
export function useShellMenu(): ShellMenu {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const onNavbarClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) closeMobile();
  };
  return { mobileOpened, desktopOpened, toggleMobile, toggleDesktop, onNavbarClick };
}

/** AppShell's navbar setting for a menu in that state. */
export function navbarOf(menu: ShellMenu) {
  return { width: 270, breakpoint: 'md', collapsed: { mobile: !menu.mobileOpened, desktop: !menu.desktopOpened } };
}
