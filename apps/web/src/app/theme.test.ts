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
});
