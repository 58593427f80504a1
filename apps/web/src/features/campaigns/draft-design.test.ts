import { describe, expect, it } from 'vitest';
import { channelContentReady, contentBody, emptyDraft } from './draft.ts';

describe('an email composed with the visual builder', () => {
  it('sends its design (the server renders the HTML) and is ready once it has a subject and a design', () => {
    const d = emptyDraft();
    d.content.email = {
      source: 'compose',
      subject: 'Hi {{first_name}}',
      html: '<p>older text</p>',
      template_id: null,
      content_id: null,
      mjml: '<mjml><mj-body></mj-body></mjml>',
    };
    expect(contentBody(d.content).email).toEqual({
      template_id: null,
      content_id: null,
      subject: 'Hi {{first_name}}',
      html: null,
      mjml: '<mjml><mj-body></mj-body></mjml>',
    });
    expect(channelContentReady(d.content, 'email')).toBe(true);
    // the builder chosen, its design not made yet: what was written stays the body
    d.content.email.mjml = '';
    expect(contentBody(d.content).email).toEqual({
      template_id: null,
      content_id: null,
      subject: 'Hi {{first_name}}',
      html: '<p>older text</p>',
    });
    d.content.email.html = '';
    expect(channelContentReady(d.content, 'email')).toBe(false);
  });
});
