import { Paper, Tabs } from '@mantine/core';
import {
  BLOCK_IDS,
  type BlockId,
  type BlockTexts,
  blockMjml,
  type Direction,
  type EmailTheme,
  starterDesign,
} from '@risala/shared/email-design';
import type { AssetsCustomData, Component, Editor } from 'grapesjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockTexts, type BuilderBrand, languageOf, themeFor, useEmailAssets } from './assets.ts';
import { BlockPalette } from './BlockPalette.tsx';
import { BlockSettings } from './BlockSettings.tsx';
import { BuilderToolbar } from './BuilderToolbar.tsx';
import classes from './EmailBuilder.module.css';
import { applyTheme, createEditor, type Device, designOf, emailDirection, insertBlock, setEmailDirection } from './grapes.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { Outline } from './Outline.tsx';

export interface EmailBuilderProps {
  /** the design (MJML); null starts a new one from the brand's starter design */
  mjml: string | null;
  onChange: (mjml: string) => void;
  /** the brand whose colours and logo the email takes */
  brandId: number | null;
  onBrandChange?: (brandId: number | null) => void;
  /** for the preview */
  subject: string;
  /** an email written before (rich text or HTML): a new design starts with it in a text block */
  startFrom?: string;
}

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

/** GrapesJS's blocks carry the current brand's look and the email's language. */
function registerBlocks(editor: Editor, theme: EmailTheme, texts: BlockTexts) {
  for (const id of BLOCK_IDS) editor.Blocks.add(id, { label: id, content: blockMjml(id, theme, texts), select: true });
}

/**
 * The visual email builder: GrapesJS with MJML blocks, the brand's look, both
 * directions, desktop and phone widths, and a preview rendered by the server for a real customer.
 * Loaded on its own (LazyEmailBuilder) — GrapesJS and MJML are heavy and only this screen needs them.
 */
export default function EmailBuilder({ mjml, onChange, brandId, onBrandChange, subject, startFrom }: EmailBuilderProps) {
  const { t, i18n } = useTranslation();
  const assets = useEmailAssets();
  const container = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [selected, setSelected] = useState<Component | null>(null);
  const [, setTick] = useState(0);
  const [device, setDevice] = useState<Device>('desktop');
  const [dir, setDir] = useState<Direction>('ltr');
  const [texts, setTexts] = useState<BlockTexts | null>(null);
  const [picker, setPicker] = useState<((image: { url: string; title: string }) => void) | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const ready = assets.isSuccess || assets.isError;
  const brands = assets.data?.brands ?? [];
  const brand: BuilderBrand | null = brands.find((b) => b.id === brandId) ?? null;
  const theme = useMemo(() => themeFor(brand, dir), [brand, dir]);

  // the editor, once the brands are known (a new design takes the brand's look and language)
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later props flow through events and effects
  useEffect(() => {
    if (!ready || !container.current) return;
    let disposed = false;
    let instance: Editor | null = null;
    const firstDir: Direction = mjml
      ? /<mjml[^>]*\sdir="rtl"/.test(mjml)
        ? 'rtl'
        : 'ltr'
      : (brand?.default_language ?? i18n.language) === 'ar'
        ? 'rtl'
        : 'ltr';
    void blockTexts(languageOf(firstDir)).then((sample) => {
      if (disposed || !container.current) return;
      const design = mjml ?? starterDesign(themeFor(brand, firstDir), sample, languageOf(firstDir), startFrom);
      const names = Object.fromEntries(NAME_KEYS.map((k) => [k, t(`builder.names.${k}`)]));
      const rte = {
        bold: t('builder.rte.bold'),
        italic: t('builder.rte.italic'),
        underline: t('builder.rte.underline'),
        strikethrough: t('builder.rte.strikethrough'),
        link: t('builder.rte.link'),
      };
      instance = createEditor(
        container.current,
        design,
        { names, rte, desktop: t('builder.device.desktop'), mobile: t('builder.device.mobile') },
        i18n.language,
      );
      const e = instance;
      e.on('load', () => {
        const doc = e.Canvas.getDocument();
        if (doc) doc.documentElement.dir = emailDirection(e);
        if (!mjml) changed.current(designOf(e));
      });
      // at once, not debounced: a save right after an edit must carry it (writing the MJML is cheap)
      e.on('update', () => {
        changed.current(designOf(e));
        setTick((n) => n + 1);
      });
      e.on('component:selected component:deselected', () => setSelected(e.getSelected() ?? null));
      e.on('component:update component:add component:remove undo redo', () => setTick((n) => n + 1));
      // GrapesJS asks for an image (a double-click on one): the library picker answers
      e.on('asset:custom', (props: AssetsCustomData) => {
        if (props.open) {
          setPicker(() => ({ url }: { url: string }) => {
            props.select(e.Assets.add({ src: url }), true);
            props.close();
          });
        }
      });
      setTexts(sample);
      setDir(firstDir);
      setEditor(e);
    });
    return () => {
      disposed = true;
      instance?.destroy();
      setEditor(null);
    };
  }, [ready]);

  // blocks follow the brand and the email's language
  useEffect(() => {
    if (editor && texts) registerBlocks(editor, theme, texts);
  }, [editor, theme, texts]);

  const add = useCallback((id: BlockId) => editor && texts && insertBlock(editor, id, theme, texts), [editor, texts, theme]);

  const changeDirection = async (next: Direction) => {
    if (!editor) return;
    setEmailDirection(editor, next, languageOf(next));
    setDir(next);
    setTexts(await blockTexts(languageOf(next)));
  };

  // a brand chosen here or elsewhere (the campaign's first step) restyles the design
  const themed = useRef(brandId);
  useEffect(() => {
    if (!editor || themed.current === brandId) return;
    themed.current = brandId;
    applyTheme(editor, themeFor(brand, dir));
  }, [editor, brandId, brand, dir]);

  const switchDevice = (next: Device) => {
    editor?.setDevice(next);
    setDevice(next);
  };

  return (
    <Paper withBorder radius="md" p="xs" data-testid="email-builder" data-ready={editor ? 'true' : 'false'} data-dir={dir}>
      <BuilderToolbar
        editor={editor}
        brands={brands}
        brandId={brandId}
        onBrand={onBrandChange}
        dir={dir}
        onDirection={(d) => void changeDirection(d)}
        device={device}
        onDevice={switchDevice}
        subject={subject}
        selected={selected}
      />
      <div className={classes.shell}>
        <div className={classes.side}>{editor && <BlockPalette editor={editor} onAdd={add} disabled={!texts} />}</div>
        <div className={classes.canvas} data-testid="builder-canvas">
          <div ref={container} style={{ blockSize: '100%' }} />
        </div>
        <div className={classes.side}>
          {editor && (
            <Tabs defaultValue="settings" keepMounted={false}>
              <Tabs.List grow mb="xs">
                <Tabs.Tab value="settings" data-testid="builder-tab-settings">
                  {t('builder.settings.title')}
                </Tabs.Tab>
                <Tabs.Tab value="outline" data-testid="builder-tab-outline">
                  {t('builder.outline.title')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="settings">
                <BlockSettings
                  editor={editor}
                  selected={selected}
                  swatches={brand?.colors ?? []}
                  onPickImage={(apply) => setPicker(() => apply)}
                />
              </Tabs.Panel>
              <Tabs.Panel value="outline">
                <Outline editor={editor} selected={selected} />
              </Tabs.Panel>
            </Tabs>
          )}
        </div>
      </div>
      <ImagePicker
        opened={picker !== null}
        images={assets.data?.images ?? []}
        onClose={() => setPicker(null)}
        onPick={(image) => {
          picker?.(image);
          setPicker(null);
        }}
      />
    </Paper>
  );
}
