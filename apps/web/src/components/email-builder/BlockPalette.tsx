import { Stack, Text, UnstyledButton } from '@mantine/core';
import { type BlockId, CONTENT_BLOCKS, SECTION_BLOCKS } from '@risala/shared/email-design';
import {
  IconAlignLeft,
  IconColumns1,
  IconColumns2,
  IconColumns3,
  IconHandClick,
  IconHeading,
  IconLayoutBottombar,
  IconLayoutNavbar,
  IconLayoutSidebar,
  IconPhoto,
  IconSeparatorHorizontal,
  IconShare,
  IconSpacingVertical,
} from '@tabler/icons-react';
import type { Editor } from 'grapesjs';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './EmailBuilder.module.css';

const ICONS: Record<BlockId, ComponentType<{ size?: number; stroke?: number }>> = {
  header: IconLayoutNavbar,
  'columns-1': IconColumns1,
  'columns-2': IconColumns2,
  'columns-3': IconColumns3,
  'image-text': IconLayoutSidebar,
  footer: IconLayoutBottombar,
  heading: IconHeading,
  text: IconAlignLeft,
  image: IconPhoto,
  button: IconHandClick,
  divider: IconSeparatorHorizontal,
  spacer: IconSpacingVertical,
  social: IconShare,
};

/**
 * The blocks: dragged onto the canvas (GrapesJS shows where they can land), or added with a click
 * or Enter — after the selected block or row — so the palette works without a mouse.
 */
export function BlockPalette({ editor, onAdd, disabled }: { editor: Editor; onAdd: (id: BlockId) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const item = (id: BlockId) => {
    const Icon = ICONS[id];
    const label = t(`builder.blocks.${id}`);
    return (
      <UnstyledButton
        key={id}
        className={classes.block}
        draggable={!disabled}
        disabled={disabled}
        onDragStart={(e) => {
          const block = editor.Blocks.get(id);
          if (block) editor.Blocks.startDrag(block, e.nativeEvent);
        }}
        onDragEnd={() => editor.Blocks.endDrag()}
        onClick={() => onAdd(id)}
        aria-label={t('builder.blocks.add', { block: label })}
        title={t('builder.blocks.hint')}
        data-testid={`builder-block-${id}`}
      >
        <Icon size={22} stroke={1.5} />
        <Text size="xs" lh={1.2} ta="center">
          {label}
        </Text>
      </UnstyledButton>
    );
  };
  return (
    <Stack gap="sm" data-testid="builder-palette">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('builder.blocks.rows')}
      </Text>
      <div className={classes.blocks}>{SECTION_BLOCKS.map(item)}</div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('builder.blocks.content')}
      </Text>
      <div className={classes.blocks}>{CONTENT_BLOCKS.map(item)}</div>
      <Text size="xs" c="dimmed">
        {t('builder.blocks.hint')}
      </Text>
    </Stack>
  );
}
