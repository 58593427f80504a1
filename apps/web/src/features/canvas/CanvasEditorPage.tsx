import {
  ActionIcon,
  Box,
  useDirection,
  Button,
  ColorInput,
  Divider,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useElementSize, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconArrowForwardUp, IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconDownload } from '@tabler/icons-react';
import type Konva from 'konva';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { showErrorToast, showSuccessToast } from '../../lib/toast.ts';
import type { BrandLite } from './api/library.ts';
import { useSaveCreative } from './api/save-creative.ts';
import { CanvasStage } from './components/CanvasStage.tsx';
import { LayersPanel } from './components/LayersPanel.tsx';
import { LibraryPanel } from './components/LibraryPanel.tsx';
import { PropertiesPanel } from './components/PropertiesPanel.tsx';
import { fitScale, historyReducer, initialHistory, makeElement, PRESETS, type PresetKey } from './model.ts';

const SIDE = 300;

/** Full-screen designer for campaign creatives (bare layout): compose, then save a PNG to the library. */
export function CanvasEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [history, dispatch] = useReducer(historyReducer, undefined, () => initialHistory());
  const doc = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [preset, setPreset] = useState<PresetKey>('square');
  const [title, setTitle] = useState('');
  const [brand, setBrand] = useState<BrandLite | null>(null);
  const stageRef = useRef<Konva.Stage | null>(null);
  const { ref: viewport, width, height } = useElementSize();
  // a phone stacks the editor: the toolbar wraps, the picture comes first at the screen's width,
  // the panels below it, and the page scrolls (three columns side by side need 900 px)
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const scale = fitScale(doc, { width, height });
  const selected = doc.elements.find((e) => e.id === selectedId) ?? null;
  const save = useSaveCreative();
  const { dir } = useDirection();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  const swatches = useMemo(() => [...(brand?.colors ?? []), '#1a1b1e', '#ffffff', '#228be6', '#fa5252', '#40c057'], [brand]);
  // the design as last saved to the library (or as it started): anything else is work to lose
  const [savedDoc, setSavedDoc] = useState(doc);
  const { guard } = useLeaveGuard(doc !== savedDoc);

  const undo = () => dispatch({ type: 'undo' });
  const redo = () => dispatch({ type: 'redo' });
  useHotkeys([
    ['mod+Z', undo],
    ['mod+shift+Z', redo],
    ['mod+Y', redo],
    [
      'Delete',
      () => {
        if (selectedId) {
          dispatch({ type: 'remove', id: selectedId });
          setSelectedId(null);
        }
      },
    ],
  ]);

  const add = (el: ReturnType<typeof makeElement>) => {
    dispatch({ type: 'add', element: el });
    setSelectedId(el.id);
  };

  /** Render at full resolution, without the selection handles. */
  const exportPng = useCallback(async (): Promise<Blob> => {
    const stage = stageRef.current;
    if (!stage) throw new Error('no stage');
    const transformer = stage.findOne('.transformer');
    transformer?.visible(false);
    try {
      const dataUrl = stage.toDataURL({ mimeType: 'image/png', pixelRatio: 1 / scale });
      return await (await fetch(dataUrl)).blob();
    } finally {
      transformer?.visible(true);
    }
  }, [scale]);

  const download = async () => {
    const blob = await exportPng();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${title || 'creative'}.png`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const saveToLibrary = async () => {
    try {
      const saving = doc;
      const png = await exportPng();
      await save.mutateAsync({ png, title: title.trim() || t('canvas.untitled'), brandIds: brand ? [brand.id] : [] });
      setSavedDoc(saving);
      showSuccessToast('canvas.saved');
    } catch (err) {
      showErrorToast(err);
    }
  };

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', [narrow ? 'minHeight' : 'height']: '100vh' }} data-testid="canvas-editor">
      {guard}
      <Group
        justify="space-between"
        px="md"
        py="xs"
        gap="xs"
        style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}
        wrap={narrow ? 'wrap' : 'nowrap'}
      >
        <Group gap="xs" wrap={narrow ? 'wrap' : 'nowrap'}>
          <Tooltip label={t('canvas.back')}>
            <ActionIcon variant="subtle" onClick={() => navigate('/content')} aria-label={t('canvas.back')} data-testid="canvas-back">
              <BackIcon size={18} />
            </ActionIcon>
          </Tooltip>
          <Title order={4}>{t('canvas.title')}</Title>
          <TextInput
            size="xs"
            placeholder={t('canvas.namePlaceholder')}
            aria-label={t('canvas.namePlaceholder')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-testid="canvas-name"
          />
          <Select
            size="xs"
            w={210}
            value={preset}
            aria-label={t('canvas.presetLabel')}
            allowDeselect={false}
            data-testid="canvas-preset"
            data={PRESETS.map((p) => ({ value: p.key, label: `${t(`canvas.presets.${p.key}`)} · ${p.width}×${p.height}` }))}
            onChange={(v) => {
              const p = PRESETS.find((x) => x.key === v);
              if (!p) return;
              setPreset(p.key);
              dispatch({ type: 'resize', width: p.width, height: p.height });
            }}
          />
        </Group>
        <Group gap="xs" wrap={narrow ? 'wrap' : 'nowrap'}>
          <Tooltip label={t('canvas.undo')}>
            <ActionIcon
              variant="default"
              onClick={undo}
              disabled={!history.past.length}
              aria-label={t('canvas.undo')}
              data-testid="canvas-undo"
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('canvas.redo')}>
            <ActionIcon
              variant="default"
              onClick={redo}
              disabled={!history.future.length}
              aria-label={t('canvas.redo')}
              data-testid="canvas-redo"
            >
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Button size="xs" variant="default" leftSection={<IconDownload size={16} />} onClick={download} data-testid="canvas-download">
            {t('canvas.download')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            onClick={saveToLibrary}
            data-testid="canvas-save"
          >
            {t('canvas.save')}
          </Button>
        </Group>
      </Group>

      <Box style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', flex: 1, minHeight: 0 }}>
        <Box
          w={narrow ? '100%' : SIDE}
          p="md"
          style={{
            [narrow ? 'borderBlockStart' : 'borderInlineEnd']: '1px solid var(--mantine-color-gray-3)',
            overflowY: 'auto',
            flexShrink: 0,
            order: narrow ? 2 : 0,
          }}
        >
          <LibraryPanel
            brandId={brand?.id ?? null}
            onBrand={setBrand}
            onAddText={() => add(makeElement('text', doc, { text: t('canvas.defaultText') }))}
            onAddShape={(kind) => add(makeElement(kind, doc, { fill: brand?.colors[0] ?? '#228be6' }))}
            onAddImage={(src, name) => add(makeElement('image', doc, { src, name }))}
            onColor={(color) =>
              selected ? dispatch({ type: 'update', id: selected.id, changes: { fill: color } }) : dispatch({ type: 'background', color })
            }
          />
        </Box>

        <Box
          ref={viewport}
          style={{
            flex: 1,
            display: 'grid',
            placeItems: 'center',
            background: 'var(--mantine-color-gray-1)',
            overflow: 'hidden',
            ...(narrow ? { order: 1, flex: 'none', height: '100vw', maxHeight: '70vh' } : {}),
          }}
        >
          {width > 0 && (
            <CanvasStage
              doc={doc}
              scale={scale}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onChange={(id, changes) => dispatch({ type: 'update', id, changes })}
              stageRef={stageRef}
            />
          )}
        </Box>

        <Box
          w={narrow ? '100%' : SIDE}
          p="md"
          style={{
            [narrow ? 'borderBlockStart' : 'borderInlineStart']: '1px solid var(--mantine-color-gray-3)',
            overflowY: 'auto',
            flexShrink: 0,
            order: narrow ? 3 : 0,
          }}
        >
          <Stack gap="sm">
            <ColorInput
              label={t('canvas.background')}
              value={doc.background}
              swatches={swatches}
              onChangeEnd={(color) => dispatch({ type: 'background', color })}
              classNames={{ input: 'ltr-value' }}
              data-testid="canvas-background"
            />
            <Divider label={t('canvas.properties.title')} labelPosition="left" />
            <PropertiesPanel element={selected} swatches={swatches} dispatch={dispatch} />
            <Divider label={t('canvas.layers.title')} labelPosition="left" />
            <LayersPanel elements={doc.elements} selectedId={selectedId} onSelect={setSelectedId} dispatch={dispatch} />
            <Text size="xs" c="dimmed">
              {t('canvas.hint')}
            </Text>
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}
