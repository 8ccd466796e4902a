import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palette with shades 6-9 darkened so that text in them (and white text on them: filled
 * buttons and badges, the `light` variants' text, links, `dimmed`) reads at WCAG AA contrast, 4.5:1
 * or more, on white and on the light shades 0-1 and gray 1 that tables and alerts use. Shades 0-5,
 * the backgrounds and borders, are Mantine's own. Only the colours the app uses.
 */
const DARKER: Record<string, [string, string, string, string]> = {
  gray: ['#676d73', '#495057', '#343a40', '#212529'],
  red: ['#b53b3b', '#b32e2e', '#ae2626', '#a12222'],
  pink: ['#b03862', '#ae2a58', '#aa2051', '#9f1d4a'],
  grape: ['#923aa9', '#8d32a3', '#862e9c', '#7f2c94'],
  indigo: ['#3e5ac9', '#3854c7', '#334fbd', '#3249b7'],
  blue: ['#1968ab', '#1661a5', '#145c9d', '#155692'],
  cyan: ['#0e7381', '#0b6c7b', '#096675', '#095c6b'],
  teal: ['#0c7857', '#087152', '#076a4b', '#066045'],
  green: ['#287937', '#237231', '#1f6a2e', '#1e602b'],
  yellow: ['#8e6403', '#8d5b00', '#884f00', '#824300'],
  orange: ['#a3510d', '#a44405', '#9f3d08', '#96320a'],
};
const colors = Object.fromEntries(
  Object.entries(DARKER).map(([name, dark]) => [
    name,
    [...DEFAULT_THEME.colors[name]!.slice(0, 6), ...dark] as unknown as MantineColorsTuple,
  ]),
);

/** Breakpoints , in em (px / 16). */
export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  defaultRadius: 'md',
  breakpoints: { xs: '0em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  components: {
    // Every dialog's X button has a name for screen readers ('Dismiss': the dialogs' own buttons say Close).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // A table that scrolls inside its card can be scrolled from the keyboard.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
