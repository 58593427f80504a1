/**
 * A scrolling box a keyboard can scroll: its viewport takes focus (then the arrow keys scroll it) and
 * is a region named for what it holds, so a screen reader says what the stop is (WCAG 2.1.1, axe
 * `scrollable-region-focusable`). For content with nothing focusable in it — a table of figures, a
 * list of texts; a box of links or buttons is reached through them.
 */
import { ScrollArea, type ScrollAreaAutosizeProps, type ScrollAreaProps } from '@mantine/core';
import './scroll-region.css';

/** What the viewport needs to be a named, focusable region. */
export function scrollRegionProps(label: string, viewportProps?: ScrollAreaProps['viewportProps']): ScrollAreaProps['viewportProps'] {
  return {
    ...viewportProps,
    tabIndex: 0,
    role: 'region',
    'aria-label': label,
    className: ['scroll-region', viewportProps?.className].filter(Boolean).join(' '),
  };
}

/** A ScrollArea whose viewport is a focusable region named `label` (in the reader's language). */
export function ScrollRegion({ label, viewportProps, ...props }: ScrollAreaProps & { label: string }) {
  return <ScrollArea {...props} viewportProps={scrollRegionProps(label, viewportProps)} />;
}

/** The same, for a ScrollArea.Autosize (a box that grows to a maximum height, then scrolls). */
export function ScrollRegionAutosize({ label, viewportProps, ...props }: ScrollAreaAutosizeProps & { label: string }) {
  return <ScrollArea.Autosize {...props} viewportProps={scrollRegionProps(label, viewportProps)} />;
}
