import { ActionIcon, Button, Divider, Group, Image, SegmentedControl, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import {
  type Direction,
  escapeMjmlText,
  mjmlAttr,
  networkOf,
  SOCIAL_NETWORKS,
  SOCIAL_STYLE,
  type SocialNetwork,
  socialElement,
} from '@risala/shared/email-design';
import { IconArrowDown, IconArrowUp, IconCopy, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { Component, Editor } from 'grapesjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlignField, attrOf, ColorField, LINK, PixelField, TextField } from './fields.tsx';
import { bodyOf, closest, moveComponent, setRowDirection, typeOf } from './grapes.ts';
import { useComponentName } from './Outline.tsx';

interface Props {
  editor: Editor;
  selected: Component | null;
  swatches: string[];
  onPickImage: (apply: (image: { url: string; title: string }) => void) => void;
}

/** What can be changed on the selected block (or, with none, on the email), and moving, copying and removing it. */
export function BlockSettings({ editor, selected, swatches, onPickImage }: Props) {
  const { t } = useTranslation();
  const name = useComponentName();
  const body = bodyOf(editor);
  if (!selected || ['mjml', 'mj-body', 'wrapper'].includes(typeOf(selected))) {
    return (
      <Stack gap="sm" data-testid="builder-settings" data-type="email">
        <Text size="sm" fw={600}>
          {t('builder.settings.email')}
        </Text>
        {body && (
          <ColorField c={body} name="background-color" label={t('builder.fields.emailBackground')} swatches={swatches} fallback="#ffffff" />
        )}
        <Text size="xs" c="dimmed">
          {t('builder.settings.selectHint')}
        </Text>
      </Stack>
    );
  }
  // an icon of a social block is changed with its block
  const target = typeOf(selected) === 'mj-social-element' ? (selected.parent() ?? selected) : selected;
  const type = typeOf(target);
  const validLink = (v: string) => (LINK.test(v) ? null : t('builder.fields.linkInvalid'));
  return (
    <Stack gap="sm" data-testid="builder-settings" data-type={type}>
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" fw={600} truncate dir="auto">
          {name(target)}
        </Text>
        <BlockActions editor={editor} c={target} />
      </Group>
      {type === 'mj-text' && (
        <>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={() => editText(editor, target)}
            data-testid="builder-edit-text"
          >
            {t('builder.fields.editText')}
          </Button>
          <AlignField c={target} />
          <ColorField c={target} name="color" label={t('builder.fields.textColor')} swatches={swatches} fallback="#000000" />
          <PixelField c={target} name="font-size" label={t('builder.fields.fontSize')} min={10} max={48} fallback={13} />
        </>
      )}
      {type === 'mj-button' && (
        <>
          <ButtonLabel c={target} />
          <TextField c={target} name="href" label={t('builder.fields.link')} kind="url" validate={validLink} placeholder="https://" />
          <ColorField c={target} name="background-color" label={t('builder.fields.buttonColor')} swatches={swatches} fallback="#414141" />
          <ColorField c={target} name="color" label={t('builder.fields.textColor')} swatches={swatches} fallback="#ffffff" />
          <AlignField c={target} fallback="center" />
        </>
      )}
      {type === 'mj-image' && (
        <>
          <Image src={attrOf(target, 'src') || String(target.get('src') ?? '')} alt="" h={100} fit="contain" radius="sm" bg="gray.1" />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPhoto size={14} />}
            onClick={() =>
              onPickImage(({ url, title }) => {
                const src = mjmlAttr(url, 'url');
                target.set('src', src);
                target.addAttributes({ src, ...(title && !attrOf(target, 'alt') ? { alt: mjmlAttr(title) } : {}) });
              })
            }
            data-testid="builder-change-image"
          >
            {t('builder.fields.changeImage')}
          </Button>
          <TextField c={target} name="alt" label={t('builder.fields.alt')} description={t('builder.fields.altHint')} />
          <TextField c={target} name="href" label={t('builder.fields.imageLink')} kind="url" validate={validLink} placeholder="https://" />
          <PixelField c={target} name="width" label={t('builder.fields.width')} min={20} max={600} fallback={550} />
          <AlignField c={target} fallback="center" />
        </>
      )}
      {type === 'mj-divider' && (
        <>
          <ColorField c={target} name="border-color" label={t('builder.fields.lineColor')} swatches={swatches} fallback="#000000" />
          <PixelField c={target} name="border-width" label={t('builder.fields.thickness')} min={1} max={10} fallback={4} />
        </>
      )}
      {type === 'mj-spacer' && <PixelField c={target} name="height" label={t('builder.fields.height')} min={4} max={200} fallback={20} />}
      {type === 'mj-social' && (
        <>
          <SocialNetworks editor={editor} c={target} />
          <AlignField c={target} fallback="center" />
        </>
      )}
      {type === 'link' && (
        <TextField c={target} name="href" label={t('builder.fields.link')} kind="url" validate={validLink} placeholder="https://" />
      )}
      {type === 'mj-section' && (
        <>
          <ColorField c={target} name="background-color" label={t('builder.fields.background')} swatches={swatches} fallback="#ffffff" />
          <RowDirection c={target} />
        </>
      )}
      {type === 'mj-column' && (
        <>
          <ColorField c={target} name="background-color" label={t('builder.fields.background')} swatches={swatches} fallback="#ffffff" />
          <Text size="xs" c="dimmed">
            {t('builder.settings.columnHint')}
          </Text>
        </>
      )}
      {type !== 'mj-section' && closest(target, ['mj-section']) && (
        <>
          <Divider />
          <Button
            size="xs"
            variant="subtle"
            onClick={() => editor.select(closest(target, ['mj-section']) ?? undefined)}
            data-testid="builder-select-row"
          >
            {t('builder.actions.selectRow')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** Starts editing a text block in the canvas and puts the caret there (the keyboard way in). */
function editText(editor: Editor, c: Component) {
  editor.select(c);
  const view = c.getView() as unknown as { onActive?: (e?: Event) => void } | undefined;
  view?.onActive?.(new MouseEvent('dblclick'));
  const el = c.getEl()?.querySelector<HTMLElement>('[contenteditable="true"]') ?? c.getEl();
  el?.focus();
}

function BlockActions({ editor, c }: { editor: Editor; c: Component }) {
  const { t } = useTranslation();
  const parent = c.parent();
  const at = c.index();
  const action = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, testId = '') => (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        data-testid={`builder-action-${testId}`}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  if (typeOf(c) === 'link' || typeOf(c) === 'mj-column') return null;
  return (
    <Group gap={2} wrap="nowrap">
      {action(t('builder.actions.up'), <IconArrowUp size={16} />, () => moveComponent(c, -1), at <= 0, 'up')}
      {action(
        t('builder.actions.down'),
        <IconArrowDown size={16} />,
        () => moveComponent(c, 1),
        !parent || at >= parent.components().length - 1,
        'down',
      )}
      {action(
        t('builder.actions.duplicate'),
        <IconCopy size={16} />,
        () => {
          const copy = c.clone();
          parent?.components().add(copy, { at: at + 1 });
          editor.select(copy);
        },
        false,
        'duplicate',
      )}
      {action(
        t('builder.actions.delete'),
        <IconTrash size={16} />,
        () => {
          editor.select(parent && typeOf(parent) !== 'mj-body' ? parent : undefined);
          c.remove();
        },
        false,
        'delete',
      )}
    </Group>
  );
}

function ButtonLabel({ c }: { c: Component }) {
  const { t } = useTranslation();
  const read = () => (c.getEl()?.textContent ?? '').trim();
  const [value, setValue] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read follows the component
  useEffect(() => setValue(read()), [c]);
  const commit = () => value.trim() && value.trim() !== read() && c.components(escapeMjmlText(value.trim()));
  return (
    <TextInput
      label={t('builder.fields.buttonText')}
      size="xs"
      value={value}
      dir="auto"
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      data-testid="builder-field-label"
    />
  );
}

function RowDirection({ c }: { c: Component }) {
  const { t } = useTranslation();
  const [dir, setDir] = useState<Direction>(attrOf(c, 'direction') === 'rtl' ? 'rtl' : 'ltr');
  return (
    <Stack gap={4}>
      <Text size="xs" fw={500}>
        {t('builder.fields.rowDirection')}
      </Text>
      <SegmentedControl
        size="xs"
        value={dir}
        onChange={(v) => {
          setRowDirection(c, v as Direction);
          setDir(v as Direction);
        }}
        data={[
          { value: 'ltr', label: t('builder.direction.ltr') },
          { value: 'rtl', label: t('builder.direction.rtl') },
        ]}
        data-testid="builder-row-direction"
      />
    </Stack>
  );
}

/** Which networks a social block shows, and each one's address. */
function SocialNetworks({ editor, c }: { editor: Editor; c: Component }) {
  const { t } = useTranslation();
  const current = new Map<SocialNetwork, string>();
  for (const el of c.components().models) {
    const network = networkOf(attrOf(el, 'name'));
    if (network) current.set(network, attrOf(el, 'href'));
  }
  const [links, setLinks] = useState(() => Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, current.get(n) ?? SOCIAL_STYLE[n].href])));
  const write = (networks: Map<SocialNetwork, string>) => {
    const base = window.location.origin;
    c.components(
      SOCIAL_NETWORKS.filter((n) => networks.has(n))
        .map((n) => socialElement(base, n, networks.get(n)))
        .join(''),
    );
    editor.select(c);
  };
  return (
    <Stack gap={6} data-testid="builder-social">
      <Text size="xs" fw={500}>
        {t('builder.fields.networks')}
      </Text>
      {SOCIAL_NETWORKS.map((n) => {
        const on = current.has(n);
        const valid = /^https:\/\/[^\s"<>]+$/i.test(links[n] ?? '');
        return (
          <Stack key={n} gap={2}>
            <Switch
              size="xs"
              label={t(`builder.social.${n}`)}
              checked={on}
              onChange={(e) => {
                const next = new Map(current);
                if (e.currentTarget.checked) next.set(n, links[n] ?? SOCIAL_STYLE[n].href);
                else if (next.size > 1) next.delete(n);
                write(next);
              }}
              data-testid={`builder-social-${n}`}
            />
            {on && (
              <TextInput
                size="xs"
                dir="ltr"
                aria-label={t('builder.fields.networkLink', { network: t(`builder.social.${n}`) })}
                value={links[n] ?? ''}
                error={!valid ? t('builder.fields.linkInvalid') : undefined}
                onChange={(e) => setLinks({ ...links, [n]: e.currentTarget.value })}
                onBlur={() => valid && links[n] !== current.get(n) && write(new Map(current).set(n, links[n] as string))}
                data-testid={`builder-social-${n}-link`}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
