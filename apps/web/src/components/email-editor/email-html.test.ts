import { describe, expect, it } from 'vitest';
import { unsafeAttribute } from './email-html.ts';

describe('the visual email editor keeps no attribute that would run', () => {
  it('drops event handlers, frame and form targets, and script URLs', () => {
    for (const [name, value] of [
      ['onerror', 'alert(1)'],
      ['ONCLICK', 'x()'],
      ['onmouseover', ''],
      ['srcdoc', '<script>'],
      ['formaction', '/x'],
      ['background', 'javascript:alert(1)'],
      ['xlink:href', ' java\tscript:alert(1)'],
      ['poster', 'data:text/html,<script>'],
      ['lowsrc', 'VBScript:x'],
    ]) {
      expect(unsafeAttribute(name as string, value as string), name).toBe(true);
    }
  });
  it('keeps what email HTML is made of', () => {
    for (const [name, value] of [
      ['style', 'color:#c00;mso-line-height-rule:exactly'],
      ['dir', 'rtl'],
      ['align', 'center'],
      ['width', '600'],
      ['bgcolor', '#fff'],
      ['background', 'https://example.com/bg.png'],
    ]) {
      expect(unsafeAttribute(name as string, value as string), name).toBe(false);
    }
  });
});
