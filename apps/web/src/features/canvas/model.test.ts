import { describe, expect, it } from 'vitest';
import { fitScale, historyReducer, initialHistory, makeElement, presetDoc, textDirection } from './model.ts';

describe('canvas model', () => {
  it('creates each preset at its size', () => {
    expect(presetDoc('square')).toMatchObject({ width: 1080, height: 1080 });
    expect(presetDoc('story')).toMatchObject({ width: 1080, height: 1920 });
    expect(presetDoc('whatsapp')).toMatchObject({ width: 1200, height: 628 });
    expect(presetDoc('emailHeader')).toMatchObject({ width: 600, height: 200 });
  });

  it('detects right-to-left text', () => {
    expect(textDirection('عرض خاص')).toBe('rtl');
    expect(textDirection('Summer sale')).toBe('ltr');
    expect(textDirection('خصم 50%')).toBe('rtl');
  });

  it('undoes and redoes every step, and a new step clears the redo list', () => {
    let h = initialHistory();
    const text = makeElement('text', h.present, { text: 'Hello' });
    h = historyReducer(h, { type: 'add', element: text });
    h = historyReducer(h, { type: 'update', id: text.id, changes: { text: 'مرحبا' } });
    expect(h.present.elements[0]).toMatchObject({ text: 'مرحبا', direction: 'rtl' });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.elements[0]).toMatchObject({ text: 'Hello', direction: 'ltr' });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.elements).toHaveLength(0);
    h = historyReducer(h, { type: 'undo' }); // nothing left to undo
    expect(h.past).toHaveLength(0);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.elements).toHaveLength(1);
    h = historyReducer(h, { type: 'add', element: makeElement('rect', h.present) });
    expect(h.future).toHaveLength(0);
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });

  it('reorders layers', () => {
    let h = initialHistory();
    const [a, b, c] = ['rect', 'circle', 'text'].map((k) => makeElement(k as 'rect', h.present, { name: k }));
    for (const element of [a, b, c]) h = historyReducer(h, { type: 'add', element });
    h = historyReducer(h, { type: 'move', id: a.id, direction: 'top' });
    expect(h.present.elements.map((e) => e.name)).toEqual(['circle', 'text', 'rect']);
    h = historyReducer(h, { type: 'move', id: a.id, direction: 'down' });
    expect(h.present.elements.map((e) => e.name)).toEqual(['circle', 'rect', 'text']);
    h = historyReducer(h, { type: 'move', id: b.id, direction: 'down' }); // already at the bottom
    expect(h.present.elements.map((e) => e.name)).toEqual(['circle', 'rect', 'text']);
    h = historyReducer(h, { type: 'remove', id: b.id });
    expect(h.present.elements.map((e) => e.name)).toEqual(['rect', 'text']);
  });

  it('keeps elements in place relative to the artboard when resized', () => {
    let h = initialHistory(presetDoc('square'));
    const r = makeElement('rect', h.present, { x: 540, y: 540 });
    h = historyReducer(h, { type: 'add', element: r });
    h = historyReducer(h, { type: 'resize', width: 1080, height: 1920 });
    expect(h.present.elements[0]).toMatchObject({ x: 540, y: 960 });
  });

  it('fits the artboard in the viewport without upscaling', () => {
    expect(fitScale(presetDoc('story'), { width: 800, height: 1000 })).toBeCloseTo((1000 - 64) / 1920);
    expect(fitScale(presetDoc('emailHeader'), { width: 4000, height: 4000 })).toBe(1);
  });
});
