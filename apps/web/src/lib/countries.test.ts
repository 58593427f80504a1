import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, isCountryCode, matchCountry } from './countries.ts';

describe('countries', () => {
  it('names every country in the interface language, sorted by that name', () => {
    const en = countryOptions('en');
    expect(en.find((c) => c.value === 'SA')?.label).toBe('Saudi Arabia');
    expect(countryOptions('ar').find((c) => c.value === 'SA')?.label).toMatch(/السعودية/);
    expect(en.length).toBeGreaterThan(200);
    const labels = en.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
    expect(countryName('AE', 'en')).toBe('United Arab Emirates');
  });

  it('finds a country by a part of its name or by its code', () => {
    const sa = { value: 'SA', label: 'Saudi Arabia' };
    expect(matchCountry(sa, 'saudi')).toBe(true);
    expect(matchCountry(sa, 'sa')).toBe(true);
    expect(matchCountry(sa, 'arab')).toBe(true);
    expect(matchCountry(sa, 'egypt')).toBe(false);
    expect(matchCountry({ value: 'CI', label: 'Côte d’Ivoire' }, 'cote')).toBe(true);
  });

  it('knows the real codes only', () => {
    expect(isCountryCode('SA')).toBe(true);
    expect(isCountryCode('S')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
  });
});
