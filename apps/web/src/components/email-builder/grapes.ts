import 'grapesjs/dist/css/grapes.min.css';
import {
  type BlockId,
  type BlockTexts,
  blockMjml,
  type Direction,
  type EmailTheme,
  escapeMjmlText,
  FOOTER_CLASS,
  isSectionBlock,
  LOGO_CLASS,
  mjmlAttr,
} from '@risala/shared/email-design';
import grapesjs, { type Component, type Editor } from 'grapesjs';
import mjmlModule from 'grapesjs-mjml';

/**
 * GrapesJS with its MJML plugin, without GrapesJS's own panels: the builder's palette, settings
 * and toolbar are the app's (Mantine, translated, right-to-left). GrapesJS keeps the canvas,
 * drag and drop, selection, the inline text editor, undo and its keyboard shortcuts.
 */

// grapesjs-mjml ships a UMD bundle: the bundler hands over either the plugin or its exports object
type MjmlPlugin = typeof mjmlModule;
const mjmlPlugin: MjmlPlugin = typeof mjmlModule === 'function' ? mjmlModule : (mjmlModule as unknown as { default: MjmlPlugin }).default;

export interface EditorLabels {
  /** the hover badge's names of MJML components, by their short name (text, button…) */
  names: Record<string, string>;
  rte: Record<'bold' | 'italic' | 'underline' | 'strikethrough' | 'link', string>;
  desktop: string;
  mobile: string;
}

export const DEVICES = { desktop: '', mobile: '375px' } as const;
export type Device = keyof typeof DEVICES;

const rteIcon = (d: string) =>
  `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="${d}"/></svg>`;
const RTE_ICONS = {
  bold: 'M13.5 15.5H10v-3h3.5a1.5 1.5 0 0 1 0 3M10 6.5h3a1.5 1.5 0 0 1 0 3h-3m5.6 1.29c.97-.68 1.65-1.79 1.65-2.79 0-2.26-1.75-4-4-4H7v14h7.04c2.1 0 3.71-1.7 3.71-3.79 0-1.52-.86-2.82-2.15-3.42Z',
  italic: 'M10 4v3h2.21l-3.42 8H6v3h8v-3h-2.21l3.42-8H18V4h-8Z',
  underline: 'M5 21h14v-2H5v2m7-4a6 6 0 0 0 6-6V3h-2.5v8a3.5 3.5 0 0 1-7 0V3H6v8a6 6 0 0 0 6 6Z',
  strikethrough: 'M3 14h18v-2H3m2-8v3h5v3h4V7h5V4M10 19h4v-3h-4v3Z',
  link: 'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8v2m9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4a5 5 0 0 0 0-10Z',
};

const NAME_KEYS = [
  'body',
  'button',
  'column',
  'divider',
  'group',
  'hero',
  'image',
  'navBar',
  'navLink',
  'section',
  'socialGroup',
  'socialElement',
  'spacer',
  'text',
  'wrapper',
  'raw',
];

export function createEditor(container: HTMLElement, mjml: string, labels: EditorLabels, locale: string): Editor {
  const names = Object.fromEntries(NAME_KEYS.map((k) => [k, labels.names[k] ?? k]));
  const editor = grapesjs.init({
    container,
    height: '100%',
    width: 'auto',
    fromElement: false,
    storageManager: false,
    // no icon font from a CDN: the builder's own controls are the app's
    cssIcons: '',
    panels: { defaults: [] },
    blockManager: { custom: true },
    assetManager: { custom: true },
    layerManager: { custom: true },
    traitManager: { custom: true },
    styleManager: { custom: true },
    deviceManager: {
      devices: [
        { id: 'desktop', name: labels.desktop, width: DEVICES.desktop },
        { id: 'mobile', name: labels.mobile, width: DEVICES.mobile, widthMedia: '480px' },
      ],
    },
    // the text toolbar's buttons are added below, with translated names
    richTextEditor: { actions: [] },
    i18n: { locale, detectLocale: false, localeFallback: 'en', messages: { [locale]: { 'grapesjs-mjml': { components: { names } } } } },
    components: mjml,
    plugins: [
      (e: Editor) =>
        mjmlPlugin(e, {
          resetBlocks: true,
          resetDevices: false,
          hideSelector: true,
          useCustomTheme: false,
          fonts: {},
          blocks: [],
        }),
    ],
  });
  const rte = editor.RichTextEditor;
  const add = (name: keyof typeof RTE_ICONS, result: (r: RteApi) => void) =>
    rte.add(name, {
      name,
      icon: rteIcon(RTE_ICONS[name]),
      attributes: { title: labels.rte[name], 'aria-label': labels.rte[name] },
      result,
    } as never);
  add('bold', (r) => r.exec('bold'));
  add('italic', (r) => r.exec('italic'));
  add('underline', (r) => r.exec('underline'));
  add('strikethrough', (r) => r.exec('strikeThrough'));
  // a link around the selected words; its address is set in the settings panel (the link is selected there)
  add('link', (r) => r.insertHTML(`<a href="https://">${r.selection()}</a>`));
  return editor;
}

interface RteApi {
  exec(command: string): void;
  insertHTML(html: string): void;
  selection(): Selection | null;
}

// ── the document ────────────────────────────────────────────────────────────

export const typeOf = (c: Component | null | undefined) => (c?.get('type') as string | undefined) ?? '';

/** The nearest component (itself included) of one of the types. */
export function closest(c: Component | null | undefined, types: string[]): Component | null {
  for (let at: Component | undefined | null = c; at; at = at.parent()) if (types.includes(typeOf(at))) return at;
  return null;
}

/**
 * The components of the given types inside `c`, found in the model tree (GrapesJS's `find` queries
 * the canvas DOM, where MJML components are rendered HTML and no mj-* element exists).
 */
export const ofTypes = (c: Component | null | undefined, ...types: string[]): Component[] =>
  c?.findType((x: Component) => types.includes(typeOf(x))) ?? [];

export const rootOf = (editor: Editor) => ofTypes(editor.getWrapper(), 'mjml')[0] ?? null;
export const bodyOf = (editor: Editor) => ofTypes(editor.getWrapper(), 'mj-body')[0] ?? null;
export const sectionsOf = (editor: Editor) => bodyOf(editor)?.components().models ?? [];

const hasClass = (c: Component, name: string) =>
  String(c.getAttributes()['css-class'] ?? '')
    .split(/\s+/)
    .includes(name);
export const isFooter = (c: Component) => hasClass(c, FOOTER_CLASS);

/** The design as MJML (GrapesJS's export of the MJML component tree). */
export const designOf = (editor: Editor) => editor.getHtml();

/**
 * Adds a block without dragging (a click, or Enter on the palette): a row after the selected row
 * (else before the footer, else last); a content block after the selected block, at the end of the
 * selected column, or in a row of its own. The new block is selected and scrolled to.
 */
export function insertBlock(editor: Editor, id: BlockId, theme: EmailTheme, texts: BlockTexts): Component | null {
  const body = bodyOf(editor);
  if (!body) return null;
  const selected = editor.getSelected();
  const rows = body.components();
  const rowAt = () => {
    const row = closest(selected, ['mj-section', 'mj-wrapper', 'mj-hero']);
    if (row && row.parent() === body) return row.index() + 1;
    const footer = rows.models.findIndex(isFooter);
    return footer >= 0 ? footer : rows.length;
  };
  let added: Component[];
  if (isSectionBlock(id)) {
    added = rows.add(blockMjml(id, theme, texts), { at: rowAt() }) as unknown as Component[];
  } else {
    const column = closest(selected, ['mj-column']);
    if (column) {
      const inside = selected && selected !== column ? closest(selected, column.components().models.map(typeOf)) : null;
      const at = inside && inside.parent() === column ? inside.index() + 1 : column.components().length;
      added = column.components().add(blockMjml(id, theme, texts), { at }) as unknown as Component[];
    } else {
      const dir = theme.dir === 'rtl' ? ' direction="rtl"' : '';
      const row = rows.add(
        `<mj-section background-color="${theme.surface}"${dir} padding="16px 0px"><mj-column${dir}>${blockMjml(id, theme, texts)}</mj-column></mj-section>`,
        {
          at: rowAt(),
        },
      ) as unknown as Component[];
      added = ofTypes(row[0], 'mj-column')[0]?.components().models ?? [];
    }
  }
  const first = Array.isArray(added) ? added[0] : (added as unknown as Component);
  if (first) {
    editor.select(first);
    editor.Canvas.scrollTo(first, { behavior: 'smooth' });
  }
  return first ?? null;
}

/** Moves a component one place up or down among its siblings. */
export function moveComponent(c: Component, step: -1 | 1) {
  const parent = c.parent();
  if (!parent) return;
  const at = c.index() + step;
  if (at < 0 || at >= parent.components().length) return;
  parent.components().remove(c, { temporary: true } as never);
  parent.components().add(c, { at });
}

/** Text-level alignment that follows a direction: start and end swap. */
const flip = (align: unknown) => (align === 'left' ? 'right' : align === 'right' ? 'left' : align);

/**
 * Sets a row (section) and its columns to a direction. Text that was aligned to the old start
 * moves to the new start, so an English row turned Arabic reads from the right.
 */
export function setRowDirection(row: Component, dir: Direction) {
  const current = row.getAttributes().direction === 'rtl' ? 'rtl' : 'ltr';
  if (current === dir) return;
  row.addAttributes({ direction: dir });
  for (const column of ofTypes(row, 'mj-column')) column.addAttributes({ direction: dir });
  for (const part of ofTypes(row, 'mj-text', 'mj-button', 'mj-image', 'mj-social')) {
    const align = part.getAttributes().align ?? (typeOf(part) === 'mj-text' ? 'left' : undefined);
    if (align === 'left' || align === 'right') part.addAttributes({ align: flip(align) });
  }
}

/** The whole email in one direction: the document's `dir` and `lang`, and every row. */
export function setEmailDirection(editor: Editor, dir: Direction, lang: string) {
  rootOf(editor)?.addAttributes({ dir, lang });
  for (const row of sectionsOf(editor)) setRowDirection(row, dir);
  const doc = editor.Canvas.getDocument();
  if (doc) doc.documentElement.dir = dir;
}

export const emailDirection = (editor: Editor): Direction => (rootOf(editor)?.getAttributes().dir === 'rtl' ? 'rtl' : 'ltr');

/**
 * A brand's look on a design made with another (or none): its logo (or name) in the header, its
 * colour on buttons and the header band. Text the marketer wrote stays.
 */
export function applyTheme(editor: Editor, theme: EmailTheme) {
  const all = ofTypes(editor.getWrapper(), 'mj-button', 'mj-image', 'mj-text');
  for (const button of all.filter((c) => typeOf(c) === 'mj-button'))
    button.addAttributes({ 'background-color': theme.primary, color: theme.onPrimary });
  for (const logo of all.filter((c) => hasClass(c, LOGO_CLASS))) {
    const section = closest(logo, ['mj-section']);
    if (theme.logoUrl) {
      const src = mjmlAttr(theme.logoUrl, 'url');
      if (typeOf(logo) === 'mj-image') {
        logo.set('src', src);
        logo.addAttributes({ src, alt: mjmlAttr(theme.brandName) });
      } else {
        logo.replaceWith(
          `<mj-image css-class="${LOGO_CLASS}" src="${src}" alt="${mjmlAttr(theme.brandName)}" width="140px" align="center" padding="8px 25px"></mj-image>`,
        );
      }
      section?.addAttributes({ 'background-color': theme.surface });
    } else {
      const name = escapeMjmlText(theme.brandName);
      if (typeOf(logo) === 'mj-text') {
        logo.addAttributes({ color: theme.onPrimary });
        if (name) logo.components(name);
      } else {
        logo.replaceWith(
          `<mj-text css-class="${LOGO_CLASS}" align="center" font-family="Arial, Helvetica, sans-serif" font-size="22px" font-weight="700" color="${theme.onPrimary}" padding="8px 25px">${name}</mj-text>`,
        );
      }
      section?.addAttributes({ 'background-color': theme.primary });
    }
  }
}
