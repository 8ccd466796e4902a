import { createTheme, type MantineColorsTuple, Modal } from '@mantine/core';

/**
 * Mantine's palette with shades 6-9 darkened so that text in them (and white text on them: filled
 * buttons and badges, the `light` variants' text, links, `dimmed`) reads at WCAG AA contrast, 4.5:1
 * or more, on white and on the light shades 0-1 and gray 1 that tables and alerts use. Shades 0-5,
 * the backgrounds and borders, are Mantine's own.
 */
const colors: Record<string, MantineColorsTuple> = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#676d73', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#b53b3b', '#b32e2e', '#ae2626', '#a12222'],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#b03862', '#ae2a58', '#aa2051', '#9f1d4a'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#923aa9', '#8d32a3', '#862e9c', '#7f2c94'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#6945d1', '#633fcc', '#5d3bc4', '#5939b7'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#3e5ac9', '#3854c7', '#334fbd', '#3249b7'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1968ab', '#1661a5', '#145c9d', '#155692'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#0e7381', '#0b6c7b', '#096675', '#095c6b'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0c7857', '#087152', '#076a4b', '#066045'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#287937', '#237231', '#1f6a2e', '#1e602b'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#4d7812', '#47710e', '#3f6709', '#3a5d08'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#8e6403', '#8d5b00', '#884f00', '#824300'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#a3510d', '#a44405', '#9f3d08', '#96320a'],
};

/** Breakpoints of spec section 9, in em (px / 16). */
export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  defaultRadius: 'md',
  breakpoints: { xs: '0em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  components: {
    // Every dialog's X button has a name for screen readers ('Dismiss': the dialogs' own buttons say Close).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    // A table that scrolls inside its card can be scrolled from the keyboard.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
