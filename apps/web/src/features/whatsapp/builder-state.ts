/**
 * The builder's editable state and its mapping to Meta's component list (and back). Pure logic:
 * the page keeps a BuilderState, validates `toInput(state)` with the shared schema and maps
 * field errors (`components.2.text`) back to the inputs through `componentIndex`.
 */
import type { WaButton, WaComponent, WaTemplate, WaTemplateInput } from '@risala/shared/schemas/whatsapp';
import { waVariables } from '@risala/shared/schemas/whatsapp';

/** Languages offered in the builder and the list filter (Meta's codes). */
export const WA_LANGUAGES = ['en', 'en_US', 'en_GB', 'ar', 'fr', 'es', 'de', 'tr', 'ur', 'hi', 'id'];

export type HeaderFormat = 'NONE' | 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';
export type ButtonType = WaButton['type'];

export interface ButtonDraft {
  type: ButtonType;
  text: string;
  url: string;
  urlExample: string;
  phone: string;
  code: string;
}

export interface BuilderState {
  name: string;
  language: string;
  category: WaTemplateInput['category'];
  headerFormat: HeaderFormat;
  headerText: string;
  headerExample: string;
  headerMedia: string;
  body: string;
  bodyExamples: string[];
  footer: string;
  buttons: ButtonDraft[];
  /** the category was picked by hand (or the template has one): the text no longer suggests it */
  categoryChosen?: boolean;
}

export const emptyBuilder = (): BuilderState => ({
  name: '',
  language: 'en',
  category: 'UTILITY',
  headerFormat: 'NONE',
  headerText: '',
  headerExample: '',
  headerMedia: '',
  body: '',
  bodyExamples: [],
  footer: '',
  buttons: [],
});

export const newButton = (type: ButtonType): ButtonDraft => ({ type, text: '', url: '', urlExample: '', phone: '', code: '' });

/** The highest {{n}} in a text: how many example inputs to show. */
export function variableSlots(text: string): number {
  return Math.max(0, ...waVariables(text));
}

/** Inserts the next variable ({{max+1}}) at the cursor; returns the new text and cursor. */
export function insertVariable(text: string, start: number, end = start): { text: string; cursor: number } {
  const token = `{{${variableSlots(text) + 1}}}`;
  return { text: text.slice(0, start) + token + text.slice(end), cursor: start + token.length };
}

function button(b: ButtonDraft): WaButton {
  switch (b.type) {
    case 'URL':
      return { type: 'URL', text: b.text, url: b.url, ...(waVariables(b.url).length ? { example: [b.urlExample] } : {}) };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phone };
    case 'COPY_CODE':
      return { type: 'COPY_CODE', example: b.code };
    default:
      return { type: 'QUICK_REPLY', text: b.text };
  }
}

export interface ComponentIndex {
  header?: number;
  body: number;
  footer?: number;
  buttons?: number;
}

/** Meta's component list in order, and where each part landed (for error paths). */
export function toInput(s: BuilderState): { input: WaTemplateInput; index: ComponentIndex } {
  const components: WaComponent[] = [];
  const index: ComponentIndex = { body: 0 };
  if (s.headerFormat === 'TEXT') {
    index.header = components.length;
    const example = waVariables(s.headerText).length ? { example: { header_text: [s.headerExample] } } : {};
    components.push({ type: 'HEADER', format: 'TEXT', text: s.headerText, ...example });
  } else if (s.headerFormat !== 'NONE') {
    index.header = components.length;
    components.push({ type: 'HEADER', format: s.headerFormat, example: { header_handle: [s.headerMedia] } });
  }
  index.body = components.length;
  const slots = variableSlots(s.body);
  const examples = Array.from({ length: slots }, (_, i) => s.bodyExamples[i] ?? '');
  components.push({ type: 'BODY', text: s.body, ...(slots ? { example: { body_text: [examples] } } : {}) });
  if (s.footer.trim()) {
    index.footer = components.length;
    components.push({ type: 'FOOTER', text: s.footer });
  }
  if (s.buttons.length) {
    index.buttons = components.length;
    components.push({ type: 'BUTTONS', buttons: s.buttons.map(button) });
  }
  return { input: { name: s.name.trim(), language: s.language.trim(), category: s.category, components }, index };
}

export function fromTemplate(t: Pick<WaTemplate, 'name' | 'language' | 'category' | 'components'>): BuilderState {
  const s: BuilderState = { ...emptyBuilder(), name: t.name, language: t.language, category: t.category, categoryChosen: true };
  for (const c of t.components) {
    if (c.type === 'HEADER') {
      s.headerFormat = c.format;
      s.headerText = c.text ?? '';
      s.headerExample = c.example?.header_text?.[0] ?? '';
      s.headerMedia = c.example?.header_handle?.[0] ?? '';
    } else if (c.type === 'BODY') {
      s.body = c.text;
      s.bodyExamples = [...(c.example?.body_text?.[0] ?? [])];
    } else if (c.type === 'FOOTER') {
      s.footer = c.text;
    } else {
      s.buttons = c.buttons.map((b) => ({
        ...newButton(b.type),
        text: 'text' in b ? b.text : '',
        url: b.type === 'URL' ? b.url : '',
        urlExample: b.type === 'URL' ? (b.example?.[0] ?? '') : '',
        phone: b.type === 'PHONE_NUMBER' ? b.phone_number : '',
        code: b.type === 'COPY_CODE' ? b.example : '',
      }));
    }
  }
  return s;
}

/** Field-error paths (`components.2.buttons.0.url`) → the builder's input keys (`buttons.0.url`). */
export function builderErrorKey(path: string, index: ComponentIndex): string {
  const m = /^components\.(\d+)(?:\.(.*))?$/.exec(path);
  if (!m) return path;
  const at = Number(m[1]);
  const rest = m[2] ?? '';
  if (at === index.header) return rest.startsWith('example') ? 'headerExample' : 'headerText';
  if (at === index.body) return rest.startsWith('example') ? 'bodyExamples' : 'body';
  if (at === index.footer) return 'footer';
  if (at === index.buttons) return rest.replace(/^buttons\.?/, 'buttons.').replace(/\.$/, '') || 'buttons';
  return 'components';
}
