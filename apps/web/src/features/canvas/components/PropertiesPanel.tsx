import { ColorInput, Group, NumberInput, SegmentedControl, Slider, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Action, CanvasElement } from '../model.ts';
import { autoDir } from '../../../lib/text-direction.ts';
import { WriteWithAi } from '../../../components/ai-writing/WriteWithAi.tsx';

/** The selected element's properties; every change is one undoable step. */
export function PropertiesPanel(props: { element: CanvasElement | null; swatches: string[]; dispatch(a: Action): void }) {
  const { t, i18n } = useTranslation();
  const el = props.element;
  if (!el) {
    return (
      <Text size="sm" c="dimmed">
        {t('canvas.properties.none')}
      </Text>
    );
  }
  const set = (changes: Partial<CanvasElement>) => props.dispatch({ type: 'update', id: el.id, changes });
  return (
    <Stack gap="xs" data-testid="canvas-properties">
      {el.kind === 'text' && (
        <>
          <Textarea
            label={t('canvas.properties.text')}
            value={el.text ?? ''}
            autosize
            minRows={2}
            attributes={autoDir(el.text ?? '')}
            data-testid="canvas-text-input"
            onChange={(e) => set({ text: e.currentTarget.value })}
          />
          {/* a headline for the picture: the email subject lines are short and need no opt-out */}
          <WriteWithAi
            channel="email"
            defaults={{ topic: el.text ?? '' }}
            useLabel={t('ai.write.useAsText')}
            testId="canvas-write-with-ai"
            onPick={(v) => v.email && set({ text: v.email.subject })}
          />
          <NumberInput
            label={t('canvas.properties.fontSize')}
            value={el.fontSize}
            min={8}
            max={400}
            onChange={(v) => typeof v === 'number' && set({ fontSize: v })}
          />
          <SegmentedControl
            size="xs"
            value={el.fontStyle ?? 'normal'}
            onChange={(v) => set({ fontStyle: v as CanvasElement['fontStyle'] })}
            data={[
              { value: 'normal', label: t('canvas.properties.normal') },
              { value: 'bold', label: t('canvas.properties.bold') },
              { value: 'italic', label: t('canvas.properties.italic') },
            ]}
          />
          <SegmentedControl
            size="xs"
            value={el.align ?? 'center'}
            onChange={(v) => set({ align: v as CanvasElement['align'] })}
            // left and right of the picture, so Left sits on the left in Arabic too
            data={(i18n.dir() === 'rtl' ? ['right', 'center', 'left'] : ['left', 'center', 'right']).map((value) => ({
              value,
              label: t(`canvas.properties.align${value[0]?.toUpperCase()}${value.slice(1)}`),
            }))}
          />
        </>
      )}
      {el.kind !== 'image' && (
        <ColorInput
          label={t('canvas.properties.color')}
          value={el.fill}
          swatches={props.swatches}
          onChangeEnd={(v) => set({ fill: v })}
          classNames={{ input: 'ltr-value' }}
          data-testid="canvas-fill"
        />
      )}
      <Group grow>
        <NumberInput label="X" value={el.x} onChange={(v) => typeof v === 'number' && set({ x: v })} />
        <NumberInput label="Y" value={el.y} onChange={(v) => typeof v === 'number' && set({ y: v })} />
      </Group>
      <Group grow>
        <NumberInput
          label={t('canvas.properties.width')}
          value={el.width}
          min={5}
          onChange={(v) => typeof v === 'number' && set({ width: v })}
        />
        {el.kind !== 'text' && (
          <NumberInput
            label={t('canvas.properties.height')}
            value={el.height}
            min={5}
            onChange={(v) => typeof v === 'number' && set({ height: v })}
          />
        )}
      </Group>
      <Text size="sm">{t('canvas.properties.opacity')}</Text>
      <Slider min={0.1} max={1} step={0.05} value={el.opacity} onChangeEnd={(v) => set({ opacity: v })} />
    </Stack>
  );
}
