import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, DIMMED, theme } from './theme.ts';

const WHITE = '#ffffff';
const shade = (color: string, i: number) => (theme.colors?.[color] ?? [])[i] as string;

describe('the theme meets WCAG AA contrast (4.5:1) wherever Mantine puts text', () => {
  it('measures contrast like WCAG: Mantine’s default blue under white text fails', () => {
    expect(contrast(DEFAULT_THEME.colors.blue[6], WHITE)).toBeLessThan(4.5);
    expect(contrast('#000000', WHITE)).toBeCloseTo(21);
  });

  it('primary: filled buttons, links and active controls', () => {
    const shadeIndex = (theme.primaryShade as { light: number }).light;
    expect(contrast(shade('blue', shadeIndex), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text on white and on the lightest grey panels', () => {
    for (const bg of [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]]) {
      expect(contrast(DIMMED, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('every colour: filled, text and outline (shade 8) and light variants (9 on 1)', () => {
    for (const color of Object.keys(DEFAULT_THEME.colors)) {
      expect(contrast(shade(color, 8), WHITE), color).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shade(color, 9), shade(color, 1)), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('text and outline colours on their own light tint (a selected row, a light panel)', () => {
    // an outline tag badge in a selected customer row was blue-8 on blue-1 (the `light` background): 4.36:1
    for (const color of Object.keys(DEFAULT_THEME.colors)) {
      for (const i of [7, 8]) {
        expect(contrast(shade(color, i), shade(color, 0)), `${color}.${i} on ${color}.0`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(shade(color, i), shade(color, 1)), `${color}.${i} on ${color}.1`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('dimmed text on the primary light tint (the background of a selected row)', () => {
    expect(contrast(DIMMED, shade('blue', 1))).toBeGreaterThanOrEqual(4.5);
  });
});
