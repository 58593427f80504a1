/**
 * Right-to-left for recharts (under @mantine/charts): in Arabic the category axis runs from the
 * right and the value axis sits on the right, so the first day, the first bar and the scale are
 * where an Arabic reader starts. Legends and tooltips are Mantine DOM and follow `dir` themselves.
 */
/** What the axes need of a page's formats (the dashboard's Formats, the report's). */
export interface AxisFormats {
  rtl: boolean;
  num(n: number): string;
  compact(n: number): string;
}

/**
 * Mantine's charts lay their DOM (tooltip, legend) out left-to-right unless told; in Arabic the
 * root is `dir="rtl"`, so the SVG's text runs right-to-left too and a tick anchored at its "end"
 * is the one whose left edge meets the axis: the anchor the right-hand axes below use.
 */
const rtlTick = (f: AxisFormats) => (f.rtl ? { tick: { fontSize: 12, fill: 'currentColor', textAnchor: 'end' as const } } : {});

/** Columns over a category x axis (time, stages). */
export const columnAxes = (f: AxisFormats) => ({
  dir: f.rtl ? ('rtl' as const) : ('ltr' as const),
  xAxisProps: { reversed: f.rtl },
  yAxisProps: { orientation: f.rtl ? ('right' as const) : ('left' as const), tickFormatter: (v: number) => f.compact(v), ...rtlTick(f) },
  valueFormatter: (v: number) => f.num(v),
});

/** Bars growing from the start side (categories on the y axis, labels in the axis' room). */
export const barAxes = (f: AxisFormats, labelWidth = 130, tick: (v: number) => string = f.compact) => ({
  dir: f.rtl ? ('rtl' as const) : ('ltr' as const),
  xAxisProps: { reversed: f.rtl, tickFormatter: tick },
  yAxisProps: { orientation: f.rtl ? ('right' as const) : ('left' as const), width: labelWidth, ...rtlTick(f) },
  valueFormatter: (v: number) => f.num(v),
});

export const CHANNEL_COLORS = { sms: 'blue.6', email: 'grape.6', whatsapp: 'teal.6' } as const;
export const STATUS_COLORS = { delivered: 'green.6', sent: 'blue.4', pending: 'yellow.5', failed: 'red.6', cancelled: 'gray.5' } as const;

/**
 * Recharts' keyboard layer (a focusable SVG) off: the chart box is aria-hidden because the card's
 * table is the screen readers' copy, and a focus stop inside aria-hidden content lands nowhere.
 */
export const HIDDEN_FROM_KEYBOARD = { accessibilityLayer: false };
