import { Anchor, Button, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BuilderImage } from './assets.ts';

const HTTPS = /^https?:\/\/[^\s"<>]+$/i;

/** Choose an image for an email: one of the content library (or a brand's logo), or an address on the web. */
export function ImagePicker({
  opened,
  images,
  onClose,
  onPick,
}: {
  opened: boolean;
  images: BuilderImage[];
  onClose: () => void;
  onPick: (image: { url: string; title: string }) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const valid = HTTPS.test(url.trim());
  return (
    <Modal opened={opened} onClose={onClose} title={t('builder.image.pickTitle')} size="lg" data-testid="builder-image-picker">
      <Stack>
        {images.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('builder.image.empty')}{' '}
            <Anchor component={Link} to="/content">
              {t('builder.image.openLibrary')}
            </Anchor>
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {images.map((image) => (
              <UnstyledButton
                key={`${image.source}-${image.id}`}
                onClick={() => onPick({ url: image.url, title: image.title })}
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6, padding: 6 }}
                aria-label={t('builder.image.use', { title: image.title })}
                data-testid="builder-image-option"
              >
                <Image src={image.url} alt="" h={90} fit="contain" />
                <Text size="xs" mt={4} truncate dir="auto">
                  {image.source === 'logo' ? t('builder.image.logoOf', { brand: image.title }) : image.title}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('builder.image.address')}
            placeholder="https://"
            dir="ltr"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={url.trim() && !valid ? t('validation.url') : undefined}
            style={{ flex: 1 }}
            data-testid="builder-image-url"
          />
          <Button variant="default" disabled={!valid} onClick={() => onPick({ url: url.trim(), title: '' })}>
            {t('builder.image.useAddress')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
