import { ActionIcon, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCircle,
  IconEye,
  IconEyeOff,
  IconLetterT,
  IconPhoto,
  IconSquare,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Action, CanvasElement } from '../model.ts';

const ICONS = { text: IconLetterT, rect: IconSquare, circle: IconCircle, image: IconPhoto };

/** Layers, top first: select, show/hide, move up/down, delete. */
export function LayersPanel(props: {
  elements: CanvasElement[];
  selectedId: string | null;
  onSelect(id: string): void;
  dispatch(action: Action): void;
}) {
  const { t } = useTranslation();
  const top = [...props.elements].reverse();
  if (!top.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="canvas-layers-empty">
        {t('canvas.layers.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="canvas-layers">
      {top.map((el) => {
        const Icon = ICONS[el.kind];
        const selected = el.id === props.selectedId;
        return (
          <Group
            key={el.id}
            gap={4}
            wrap="nowrap"
            data-testid="canvas-layer"
            style={{
              borderRadius: 6,
              paddingInline: 6,
              background: selected ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <UnstyledButton onClick={() => props.onSelect(el.id)} style={{ flex: 1, minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Icon size={16} />
                <Text size="sm" truncate>
                  {el.kind === 'text' ? el.text || t('canvas.kinds.text') : t(`canvas.kinds.${el.kind}`)}
                </Text>
              </Group>
            </UnstyledButton>
            <Tooltip label={el.visible ? t('canvas.layers.hide') : t('canvas.layers.show')}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={el.visible ? t('canvas.layers.hide') : t('canvas.layers.show')}
                onClick={() => props.dispatch({ type: 'update', id: el.id, changes: { visible: !el.visible } })}
              >
                {el.visible ? <IconEye size={14} /> : <IconEyeOff size={14} />}
              </ActionIcon>
            </Tooltip>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('canvas.layers.up')}
              onClick={() => props.dispatch({ type: 'move', id: el.id, direction: 'up' })}
            >
              <IconArrowUp size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('canvas.layers.down')}
              onClick={() => props.dispatch({ type: 'move', id: el.id, direction: 'down' })}
            >
              <IconArrowDown size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              color="red"
              aria-label={t('canvas.layers.delete')}
              onClick={() => props.dispatch({ type: 'remove', id: el.id })}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}
