import { describe, expect, it } from 'vitest';
import { LRM, RLM, textDirection } from './bidi.ts';
import { renderVariables, templateDirection } from './schemas/templates.ts';

describe('a value of the other direction keeps its place', () => {
  it('tells a text’s direction by its first letter', () => {
    expect(textDirection('20% Hi ليلى')).toBe('ltr');
    expect(textDirection('١٢ مرحبا John')).toBe('rtl');
    expect(textDirection('2026 — 10%')).toBeNull();
    expect(templateDirection('{{first_name}}, مرحبا')).toBe('rtl');
  });

  it('follows an Arabic value in an English text with LRM, an English value in an Arabic text with RLM', () => {
    const isolate = { isolate: true };
    expect(renderVariables('Hi {{first_name}}, 20% off', { first_name: 'ليلى' }, undefined, isolate)).toBe(`Hi ليلى${LRM}, 20% off`);
    expect(renderVariables('مرحبا {{first_name}} 20%', { first_name: 'John' }, undefined, isolate)).toBe(`مرحبا John${RLM} 20%`);
    // the same direction, digits only, or a fallback of the same direction: nothing added
    expect(renderVariables('Hi {{first_name}}, 20% off', { first_name: 'Layla' }, undefined, isolate)).toBe('Hi Layla, 20% off');
    expect(renderVariables('Code {{city}}', { city: '١٢٣' }, undefined, isolate)).toBe('Code ١٢٣');
    expect(renderVariables('المقاس {{city}}', { city: '2×3' }, undefined, isolate)).toBe('المقاس 2×3');
    expect(renderVariables('Hi {{first_name|صديقي}}!', {}, undefined, isolate)).toBe(`Hi صديقي${LRM}!`);
    // HTML and other callers that do not ask keep the value as it is
    expect(renderVariables('Hi {{first_name}}, 20% off', { first_name: 'ليلى' })).toBe('Hi ليلى, 20% off');
  });
});
