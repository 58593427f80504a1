import { ActionIcon, Button, Group, Modal, SegmentedControl, Select, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Direction } from '@risala/shared/email-design';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconEye,
  IconTextDirectionLtr,
  IconTextDirectionRtl,
} from '@tabler/icons-react';
import type { Component, Editor } from 'grapesjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../email-preview/CustomerPicker.tsx';
import { DraftPreview } from '../email-preview/DraftPreview.tsx';
import type { PreviewDevice } from '../email-preview/EmailFrame.tsx';
import type { BuilderBrand } from './assets.ts';
import { designOf, type Device } from './grapes.ts';
import { useComponentName } from './Outline.tsx';

interface Props {
  editor: Editor | null;
  brands: BuilderBrand[];
  brandId: number | null;
  /** absent where the brand is chosen elsewhere (a campaign's first step) */
  onBrand?: (id: number | null) => void;
  dir: Direction;
  onDirection: (dir: Direction) => void;
  device: Device;
  onDevice: (device: Device) => void;
  subject: string;
  selected: Component | null;
}

/**
 * Above the canvas: the brand whose look the email takes, the email's direction, the canvas width,
 * undo and redo, and the preview the server renders for a real customer. A live region tells a
 * screen reader which block is selected (the canvas is an iframe it cannot follow).
 */
export function BuilderToolbar({ editor, brands, brandId, onBrand, dir, onDirection, device, onDevice, subject, selected }: Props) {
  const { t } = useTranslation();
  const name = useComponentName();
  const [preview, setPreview] = useState(false);
  const undo = editor?.UndoManager;
  return (
    <Group justify="space-between" gap="xs" mb="xs" data-testid="builder-toolbar">
      <Group gap="xs" wrap="wrap">
        {onBrand && (
          <Select
            size="xs"
            aria-label={t('builder.toolbar.brand')}
            placeholder={t('builder.toolbar.noBrand')}
            data={brands.map((b) => ({ value: String(b.id), label: b.name }))}
            value={brandId === null ? null : String(brandId)}
            onChange={(v) => onBrand(v ? Number(v) : null)}
            clearable
            w={180}
            data-testid="builder-brand"
          />
        )}
        <SegmentedControl
          size="xs"
          value={dir}
          onChange={(v) => onDirection(v as Direction)}
          // icons with their names (the words do not fit a phone's toolbar)
          data={[
            { value: 'ltr', label: <IconTextDirectionLtr size={16} aria-label={t('builder.direction.ltr')} /> },
            { value: 'rtl', label: <IconTextDirectionRtl size={16} aria-label={t('builder.direction.rtl')} /> },
          ]}
          aria-label={t('builder.toolbar.direction')}
          data-testid="builder-direction"
        />
        <SegmentedControl
          size="xs"
          value={device}
          onChange={(v) => onDevice(v as Device)}
          data={[
            { value: 'desktop', label: <IconDeviceDesktop size={16} aria-label={t('builder.device.desktop')} /> },
            { value: 'mobile', label: <IconDeviceMobile size={16} aria-label={t('builder.device.mobile')} /> },
          ]}
          data-testid="builder-device"
        />
      </Group>
      <Group gap={4}>
        <Tooltip label={t('builder.toolbar.undo')}>
          <ActionIcon
            variant="default"
            aria-label={t('builder.toolbar.undo')}
            disabled={!undo?.hasUndo()}
            onClick={() => undo?.undo()}
            data-testid="builder-undo"
          >
            <IconArrowBackUp size={16} className="mirror-rtl" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('builder.toolbar.redo')}>
          <ActionIcon
            variant="default"
            aria-label={t('builder.toolbar.redo')}
            disabled={!undo?.hasRedo()}
            onClick={() => undo?.redo()}
            data-testid="builder-redo"
          >
            <IconArrowForwardUp size={16} className="mirror-rtl" />
          </ActionIcon>
        </Tooltip>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEye size={16} />}
          disabled={!editor}
          onClick={() => setPreview(true)}
          data-testid="builder-preview"
        >
          {t('builder.toolbar.preview')}
        </Button>
      </Group>
      <VisuallyHidden aria-live="polite" data-testid="builder-announce">
        {selected ? t('builder.toolbar.selected', { block: name(selected) }) : ''}
      </VisuallyHidden>
      {editor && preview && <PreviewModal mjml={designOf(editor)} subject={subject} onClose={() => setPreview(false)} />}
    </Group>
  );
}

/** The email as sent, for a chosen customer, at desktop or phone width. */
function PreviewModal({ mjml, subject, onClose }: { mjml: string; subject: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  return (
    <Modal opened onClose={onClose} title={t('builder.toolbar.preview')} size="xl" data-testid="builder-preview-modal">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <CustomerPicker value={customerId} onChange={setCustomerId} testId="builder-preview-customer" />
          <SegmentedControl
            size="xs"
            value={device}
            onChange={(v) => setDevice(v as PreviewDevice)}
            data={[
              { value: 'desktop', label: t('builder.device.desktop') },
              { value: 'mobile', label: t('builder.device.mobile') },
            ]}
            data-testid="builder-preview-device"
          />
        </Group>
        <DraftPreview subject={subject} mjml={mjml} customerId={customerId} device={device} />
      </Stack>
    </Modal>
  );
}
