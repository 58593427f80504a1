import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { Component, Editor } from 'grapesjs';
import { useTranslation } from 'react-i18next';
import classes from './EmailBuilder.module.css';
import { isFooter, ofTypes, sectionsOf, typeOf } from './grapes.ts';

/** A readable name for a component of the design: its kind, and the start of its text. */
export function useComponentName() {
  const { t } = useTranslation();
  return (c: Component) => {
    const type = typeOf(c).replace(/^mj-/, '');
    const kind = t(`builder.names.${type}`, { defaultValue: type });
    const text = (c.getEl()?.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text && ['text', 'button'].includes(type) ? `${kind}: ${text.length > 28 ? `${text.slice(0, 28)}…` : text}` : kind;
  };
}

/**
 * The design as a list: rows and the blocks in their columns. Choosing one selects it in the
 * canvas, so a keyboard reaches every block (the canvas itself is worked with a pointer).
 */
export function Outline({ editor, selected }: { editor: Editor; selected: Component | null }) {
  const { t } = useTranslation();
  const name = useComponentName();
  const pick = (c: Component) => {
    editor.select(c);
    editor.Canvas.scrollTo(c, { behavior: 'smooth' });
  };
  const entry = (c: Component, label: string, depth: number) => (
    <UnstyledButton
      key={c.getId()}
      className={classes.layer}
      style={{ paddingInlineStart: 8 + depth * 14 }}
      data-selected={c === selected || undefined}
      aria-current={c === selected || undefined}
      onClick={() => pick(c)}
      data-testid="builder-layer"
    >
      <span dir="auto">{label}</span>
    </UnstyledButton>
  );
  const rows = sectionsOf(editor);
  return (
    <Stack gap={2} data-testid="builder-outline">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('builder.outline.empty')}
        </Text>
      )}
      {rows.map((row, i) => (
        <Stack key={row.getId()} gap={0}>
          {entry(row, isFooter(row) ? t('builder.outline.footer') : t('builder.outline.row', { n: i + 1 }), 0)}
          {ofTypes(row, 'mj-column').flatMap((column) => column.components().models.map((block) => entry(block, name(block), 1)))}
        </Stack>
      ))}
    </Stack>
  );
}
