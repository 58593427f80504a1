import { describe, expect, it } from 'vitest';
import { dirOf } from './UserText.tsx';

describe('dirOf: the direction of user text', () => {
  it('writes numbers left to right (dir=auto would give "15550000001+" in Arabic)', () => {
    for (const n of ['+15550000001', '+966 55 310 0001', '(050) 123-4567', '20%', '#1042']) expect(dirOf(n)).toBe('ltr');
  });
  it('lets text follow its first letter', () => {
    for (const s of ['{{first_name|Hello}}, your offer is here', 'مرحبًا {{first_name}}', 'Risala', '']) expect(dirOf(s)).toBe('auto');
  });
});
