/**
 * The Mantine theme. Mantine's default palette fails WCAG AA: white on blue-6 is 3.6:1, the dimmed
 * grey 3.3:1, green/teal/orange text under 4.5:1 even in light badges. Rather than restyle pages,
 * the palette itself is made to meet 4.5:1 wherever Mantine puts text: filled (shade 8 under white
 * text), text and outline colours (shade 8 on white and on the colour's own light tints), light
 * variants (shade 9 on shade 1), and the dimmed and error colours on white and on the lightest greys.
 */
import {
  type AnchorProps,
  type ColorInputProps,
  type DrawerProps,
  type MenuProps,
  type ModalProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  type PaginationProps,
  type TableScrollContainerProps,
} from '@mantine/core';
import i18n from '../lib/i18n.ts';

/** WCAG 2 contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** A margin over 4.5:1 so anti-aliasing and rounding never drop a text below the line. */
export const MIN_CONTRAST = 4.6;

/** The colour darkened in small steps until it reaches MIN_CONTRAST against every background. */
export function darkenUntil(color: string, backgrounds: string[]): string {
  let out = color;
  for (let step = 1; step <= 20 && backgrounds.some((bg) => contrast(out, bg) < MIN_CONTRAST); step++) {
    out = darken(color, step * 0.04);
  }
  return out;
}

const WHITE = '#ffffff';

function accessiblePalette(shades: MantineColorsTuple): MantineColorsTuple {
  const out = [...shades];
  // shade 1 is Mantine's `light` background (a light badge or alert, a selected row): outline and
  // text colours sit on it too
  for (const i of [7, 8]) out[i] = darkenUntil(shades[i], [WHITE, shades[0], shades[1]]);
  out[9] = darkenUntil(shades[9], [WHITE, shades[0], shades[1], shades[2]]);
  return out as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, name === 'dark' ? shades : accessiblePalette(shades)]),
);

const PRIMARY = 'blue';
const gray = DEFAULT_THEME.colors.gray;
/**
 * Secondary text: as light as it can be while staying readable on white, on gray-0/1 panels and on
 * the primary colour's light tint (a selected row).
 */
export const DIMMED = darkenUntil(gray[6], [WHITE, gray[0], gray[1], DEFAULT_THEME.colors[PRIMARY][1]]);

export const theme = createTheme({
  colors,
  primaryColor: PRIMARY,
  // filled buttons, links, active controls and coloured text use shade 8 (5:1 and more on white)
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Sans", Tahoma, Arial, sans-serif',
  // Plain objects, not `Component.extend(...)`: `extend` only types them, and importing a component
  // to call it puts that component (ColorInput brings Popover and floating-ui) into every page's
  // JavaScript, the sign-in page's too.
  components: {
    // a link in a sentence must not rely on colour alone (WCAG 1.4.1): underlined, like the web's default
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    // the eye-dropper button is an icon alone: name it (a getter: Mantine spreads the default props
    // on every render, so the name follows the language)
    ColorInput: {
      defaultProps: {
        get eyeDropperButtonProps() {
          return { 'aria-label': i18n.t('common.pickColor') };
        },
      } satisfies Partial<ColorInputProps>,
    },
    // a dialog's × is an icon alone: name it, in the reader's language (a getter, as above)
    Drawer: {
      defaultProps: {
        get closeButtonProps() {
          return { 'aria-label': i18n.t('common.close') };
        },
      } satisfies Partial<DrawerProps>,
    },
    Modal: {
      defaultProps: {
        get closeButtonProps() {
          return { 'aria-label': i18n.t('common.close') };
        },
      } satisfies Partial<ModalProps>,
    },
    // the placeholder Mantine puts first in a menu to hold focus is a focusable div inside role=menu,
    // which may hold menu items only (axe aria-required-children): without it the first item takes focus
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // Mantine's arrows carry no text: name them, in the reader's language, for every paged list
    Pagination: {
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': i18n.t(`common.pagination.${control}`) }),
      } satisfies Partial<PaginationProps>,
    },
    // a table wider than the screen keeps its scrollbar in view (by default it shows on hover,
    // which a phone never does): the cue that the row goes on sideways
    TableScrollContainer: { defaultProps: { scrollAreaProps: { type: 'auto' } } satisfies Partial<TableScrollContainerProps> },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    // a picker's placeholder is a real element (axe checks it): it reads like the dimmed text
    '--mantine-color-placeholder': DIMMED,
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // links sit on white and on the tinted light panels (alerts, highlighted cards): shade 9 is 4.6:1 on all
    '--mantine-color-anchor': 'var(--mantine-primary-color-9)',
  },
  dark: {},
});
