import { waTemplateInputSchema } from '@risala/shared/schemas/whatsapp';
import { describe, expect, it } from 'vitest';
import { builderErrorKey, emptyBuilder, fromTemplate, insertVariable, newButton, toInput } from './builder-state.ts';

describe('WhatsApp builder state', () => {
  it('inserts the next variable at the cursor', () => {
    expect(insertVariable('Hi ', 3)).toEqual({ text: 'Hi {{1}}', cursor: 8 });
    expect(insertVariable('Hi {{1}}, order ', 16).text).toBe('Hi {{1}}, order {{2}}');
  });

  it('builds a valid Meta template and reads it back', () => {
    const state = {
      ...emptyBuilder(),
      name: 'order_update',
      headerFormat: 'TEXT' as const,
      headerText: 'Order {{1}}',
      headerExample: '#7',
      body: 'Hi {{1}}, your order {{2}} ships today',
      bodyExamples: ['Sara', '#7'],
      footer: 'Risala',
      buttons: [
        { ...newButton('URL'), text: 'Track', url: 'https://x.com/t/{{1}}', urlExample: 'https://x.com/t/7' },
        { ...newButton('COPY_CODE'), code: 'SAVE10' },
      ],
    };
    const { input, index } = toInput(state);
    expect(waTemplateInputSchema.safeParse(input).success).toBe(true);
    expect(index).toEqual({ header: 0, body: 1, footer: 2, buttons: 3 });
    // a saved template's category is its own: the text no longer suggests one
    expect(fromTemplate(input)).toEqual({ ...state, categoryChosen: true });
  });

  it('maps error paths to builder inputs', () => {
    const index = { header: 0, body: 1, buttons: 2 };
    expect(builderErrorKey('components.1.text', index)).toBe('body');
    expect(builderErrorKey('components.1.example', index)).toBe('bodyExamples');
    expect(builderErrorKey('components.0.example', index)).toBe('headerExample');
    expect(builderErrorKey('components.2.buttons.1.url', index)).toBe('buttons.1.url');
    expect(builderErrorKey('components.2.buttons', index)).toBe('buttons');
    expect(builderErrorKey('name', index)).toBe('name');
  });
});
