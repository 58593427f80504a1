import { describe, expect, it } from 'vitest';
import {
  createRichTemplateSchema,
  createTemplateSchema,
  extractVariables,
  isAllowedVariable,
  renderVariables,
  templateParts,
} from './templates.ts';

describe('template variables', () => {
  it('finds allowed placeholders in order, once, with or without spaces and fallbacks', () => {
    expect(extractVariables('Hi {{ first_name }} {{last_name|X}}', '{{first_name}} in {{attributes.tier}}')).toEqual({
      variables: ['first_name', 'last_name', 'attributes.tier'],
      system: [],
      unknown: [],
    });
  });

  it("tells the sending's own placeholders apart; rendering leaves them for the step that fills them", () => {
    expect(extractVariables('<a href="{{unsubscribe_url}}">x</a> {{first_name}}')).toEqual({
      variables: ['first_name'],
      system: ['unsubscribe_url'],
      unknown: [],
    });
    expect(renderVariables('{{first_name}} <a href="{{unsubscribe_url}}">', { first_name: 'Huda' })).toBe(
      'Huda <a href="{{unsubscribe_url}}">',
    );
    expect(renderVariables('<a href="{{unsubscribe_url}}">', { unsubscribe_url: '#' })).toBe('<a href="#">');
  });

  it('reports unknown names', () => {
    expect(extractVariables('{{password}} {{attributes.}} {{attributes.a-b}} {{}}').unknown).toEqual([
      'password',
      'attributes.',
      'attributes.a-b',
      '',
    ]);
    expect(isAllowedVariable('mobile_number')).toBe(true);
    expect(isAllowedVariable('attributes.loyalty_points')).toBe(true);
    expect(isAllowedVariable('constructor')).toBe(false);
  });

  it('renders values, fallbacks for missing or empty values, and nothing otherwise', () => {
    const text = 'Hi {{first_name|Friend}} {{last_name}}, {{city | your city}}!';
    expect(renderVariables(text, { first_name: 'Huda', last_name: 'Saleh', city: 'Riyadh' })).toBe('Hi Huda Saleh, Riyadh!');
    expect(renderVariables(text, { first_name: '', last_name: null })).toBe('Hi Friend , your city!');
  });

  it('cuts a text into the parts renderVariables replaces', () => {
    const text = '{{ first_name | Friend }}: {{city}} {{x}}!';
    expect(templateParts(text)).toEqual([
      { name: 'first_name', fallback: 'Friend' },
      { text: ': ' },
      { name: 'city', fallback: '' },
      { text: ' ' },
      { name: 'x', fallback: '' },
      { text: '!' },
    ]);
    expect(templateParts('no placeholders')).toEqual([{ text: 'no placeholders' }]);
    // joining values or fallbacks gives renderVariables' result
    const values: Record<string, string | null> = { first_name: '', city: 'Jeddah', x: null };
    const joined = templateParts(text)
      .map((p) => ('text' in p ? p.text : values[p.name] || p.fallback))
      .join('');
    expect(joined).toBe(renderVariables(text, values));
  });

  it('encodes values (not the template) for HTML', () => {
    const encode = (v: string) => v.replace(/</g, '&lt;');
    expect(renderVariables('<b>{{first_name}}</b>', { first_name: '<i>x' }, encode)).toBe('<b>&lt;i>x</b>');
  });
});

describe('template schemas', () => {
  it('requires a subject for a plain email and flags unknown variables on their field', () => {
    const email = createTemplateSchema.safeParse({ template_name: 'A', message_type: 'email', template_text: 'x' });
    expect(email.success).toBe(false);
    expect(email.error?.issues.map((i) => i.path[0])).toEqual(['subject']);
    const unknown = createRichTemplateSchema.safeParse({ template_name: 'A', subject: 'x', html: '<p>{{ssn}}</p>' });
    expect(unknown.error?.issues).toMatchObject([{ path: ['html'], message: 'validation.templateVariable' }]);
  });

  it('needs a letter in the name (§5) and defaults the category', () => {
    expect(createTemplateSchema.safeParse({ template_name: '2024', message_type: 'sms', template_text: 'x' }).success).toBe(false);
    expect(createTemplateSchema.parse({ template_name: 'عرض 2024', message_type: 'sms', template_text: 'x' }).category).toBe('marketing');
  });
});
