import { ColorInput, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { mjmlAttr } from '@risala/shared/email-design';
import { IconAlignCenter, IconAlignLeft, IconAlignRight } from '@tabler/icons-react';
import type { Component } from 'grapesjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The controls of the settings panel, each bound to one MJML attribute of a component. */

export const attrOf = (c: Component, name: string): string => String(c.getAttributes()[name] ?? '');

/** Sets an attribute; a double quote never reaches the MJML (the builder writes attributes unescaped). */
export function setAttr(c: Component, name: string, value: string, kind: 'text' | 'url' = 'text') {
  c.addAttributes({ [name]: mjmlAttr(value, kind) });
}

/** A link a mail client can follow, or a placeholder the send fills in. */
export const LINK = /^(?:https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+|tel:\+?[\d\s-]+|\{\{[a-z_.]+\}\})$/i;

const SWATCH_BASE = ['#000000', '#1f2933', '#6b7280', '#d9dee4', '#f4f5f7', '#ffffff'];

export function ColorField({
  c,
  name,
  label,
  swatches,
  fallback,
}: {
  c: Component;
  name: string;
  label: string;
  swatches: string[];
  fallback?: string;
}) {
  const [value, setValue] = useState(attrOf(c, name) || fallback || '');
  useEffect(() => setValue(attrOf(c, name) || fallback || ''), [c, name, fallback]);
  return (
    <ColorInput
      label={label}
      size="xs"
      format="hex"
      value={value}
      swatches={[...new Set([...swatches, ...SWATCH_BASE])]}
      swatchesPerRow={8}
      onChange={setValue}
      onChangeEnd={(v) => /^#[0-9a-f]{6}$/i.test(v) && setAttr(c, name, v)}
      dir="ltr"
      data-testid={`builder-field-${name}`}
    />
  );
}

export function AlignField({ c, fallback = 'left' }: { c: Component; fallback?: string }) {
  const { t } = useTranslation();
  const value = attrOf(c, 'align') || fallback;
  return (
    <Stack gap={4}>
      <Text size="xs" fw={500}>
        {t('builder.fields.align')}
      </Text>
      <SegmentedControl
        size="xs"
        value={value}
        onChange={(v) => setAttr(c, 'align', v)}
        data={[
          { value: 'left', label: <IconAlignLeft size={16} aria-label={t('builder.fields.left')} /> },
          { value: 'center', label: <IconAlignCenter size={16} aria-label={t('builder.fields.center')} /> },
          { value: 'right', label: <IconAlignRight size={16} aria-label={t('builder.fields.right')} /> },
        ]}
        // the email's alignment is the email's, not the interface's: left stays left in Arabic
        dir="ltr"
        data-testid="builder-field-align"
      />
    </Stack>
  );
}

/** A pixel size (font size, width, thickness, height) as MJML writes it: "16px". */
export function PixelField({
  c,
  name,
  label,
  min,
  max,
  fallback,
}: {
  c: Component;
  name: string;
  label: string;
  min: number;
  max: number;
  fallback: number;
}) {
  const current = Number.parseInt(attrOf(c, name), 10);
  return (
    <NumberInput
      label={label}
      size="xs"
      min={min}
      max={max}
      suffix=" px"
      value={Number.isFinite(current) ? current : fallback}
      onChange={(v) => typeof v === 'number' && v >= min && v <= max && setAttr(c, name, `${v}px`)}
      data-testid={`builder-field-${name}`}
    />
  );
}

/** A text attribute, written when the field is left or Enter is pressed (each keystroke would re-render the block). */
export function TextField({
  c,
  name,
  label,
  kind = 'text',
  validate,
  placeholder,
  description,
}: {
  c: Component;
  name: string;
  label: string;
  kind?: 'text' | 'url';
  validate?: (v: string) => string | null;
  placeholder?: string;
  description?: string;
}) {
  const [value, setValue] = useState(attrOf(c, name));
  useEffect(() => setValue(attrOf(c, name)), [c, name]);
  const error = value.trim() && validate ? validate(value.trim()) : null;
  const commit = () => {
    if (!error && value.trim() !== attrOf(c, name)) setAttr(c, name, value.trim(), kind);
  };
  return (
    <TextInput
      label={label}
      size="xs"
      value={value}
      placeholder={placeholder}
      description={description}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      error={error}
      dir={kind === 'url' ? 'ltr' : 'auto'}
      data-testid={`builder-field-${name}`}
    />
  );
}
