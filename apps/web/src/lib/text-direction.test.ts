import { describe, expect, it } from 'vitest';
import { textDir } from './text-direction.ts';

describe('textDir', () => {
  it('reads the first letter that is not inside a variable or a link', () => {
    expect(textDir('{{first_name|العميل}}، شيء لك من Risala Demo Store')).toBe('rtl');
    expect(textDir('https://shop.example/offer مرحبًا')).toBe('rtl');
    expect(textDir('مرحبًا {{first_name}}، Risala Demo Store: STOP')).toBe('rtl');
    expect(textDir('Hi {{first_name|there}}, 20% off. Reply STOP')).toBe('ltr');
  });

  it('keeps the surrounding direction when there is no letter', () => {
    expect(textDir('{{first_name}} 20%')).toBeUndefined();
    expect(textDir('')).toBeUndefined();
  });
});
