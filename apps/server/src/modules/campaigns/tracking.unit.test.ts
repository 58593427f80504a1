import { describe, expect, it } from 'vitest';
import { addTracking, clickUrl, trackingSig, verifyTrackingSig, withoutTracking } from './tracking.ts';

const keys = { baseUrl: 'https://portal.example', secret: 's3cret' };

describe('email tracking', () => {
  it('rewrites http(s) links through signed redirects, keeps mailto, adds the pixel, the unsubscribe link and headers', () => {
    const out = addTracking(keys, 42, {
      html: '<html><body><p><a href="https://shop.example/x?a=1&amp;b=2">Shop</a> <a href=\'http://b.example\'>B</a> <a href="mailto:x@y.z">Mail</a></p></body></html>',
      text: 'Hello',
    });
    expect(out.html).toContain(`href="${clickUrl(keys, 42, 'https://shop.example/x?a=1&b=2').replace(/&/g, '&amp;')}"`);
    expect(out.html).toContain(`href='${clickUrl(keys, 42, 'http://b.example').replace(/&/g, '&amp;')}'`);
    expect(out.html).toContain('href="mailto:x@y.z"');
    expect(out.html).toMatch(/<img src="https:\/\/portal\.example\/t\/o\/42\/[\w-]+\.gif"[^>]*><\/body>/);
    expect(out.text).toMatch(/^Hello\n\nUnsubscribe: https:\/\/portal\.example\/t\/u\/42\/[\w-]+$/);
    expect(out.headers).toEqual({
      'List-Unsubscribe': `<https://portal.example/t/u/42/${trackingSig('s3cret', 'u', 42)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(addTracking(keys, 42, { html: '<p>x</p>', text: 'x' }, 'ar').html).toContain('إلغاء الاشتراك');
  });

  it("puts the unsubscribe link in the email's own footer (the builder's) instead of adding one", () => {
    const out = addTracking(keys, 42, {
      html: '<p><a href="https://shop.example">Shop</a></p><p><a href="{{unsubscribe_url}}">Leave</a></p>',
      text: 'x',
    });
    const link = `https://portal.example/t/u/42/${trackingSig('s3cret', 'u', 42)}`;
    expect(out.html).toContain(`<a href="${link}">Leave</a>`);
    expect(out.html?.match(/\/t\/u\//g)).toHaveLength(1);
    expect(out.html).not.toContain('unsubscribe_url');
    expect(out.html).toMatch(/\/t\/o\/42\//);
  });

  it('signatures bind the kind, the id and the target URL', () => {
    const sig = trackingSig('s3cret', 'c', 7, 'https://a.example');
    expect(verifyTrackingSig('s3cret', 'c', 7, sig, 'https://a.example')).toBe(true);
    expect(verifyTrackingSig('s3cret', 'c', 8, sig, 'https://a.example')).toBe(false);
    expect(verifyTrackingSig('s3cret', 'c', 7, sig, 'https://b.example')).toBe(false);
    expect(verifyTrackingSig('s3cret', 'o', 7, sig, 'https://a.example')).toBe(false);
    expect(verifyTrackingSig('other', 'c', 7, sig, 'https://a.example')).toBe(false);
    expect(verifyTrackingSig('s3cret', 'c', 7, `${sig}x`, 'https://a.example')).toBe(false);
  });

  it('shows a sent email without its tracking: links to their targets, no pixel, no working unsubscribe', () => {
    const original = '<html><body><p><a href="https://shop.example/x?a=1&amp;b=2">Shop</a></p></body></html>';
    const sent = addTracking(keys, 42, { html: original, text: 'x' }).html as string;
    const shown = withoutTracking(keys, sent);
    expect(shown).toContain('<a href="https://shop.example/x?a=1&amp;b=2">Shop</a>');
    expect(shown).not.toContain('/t/');
    expect(shown).toContain('<a href="#">Unsubscribe</a>');
  });
});
