import { Button, ColorSwatch, Group, Image, Loader, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircle, IconLetterT, IconSquare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BrandLite, useCanvasBrands, useLibraryImages } from '../api/library.ts';

interface Props {
  brandId: number | null;
  onBrand(brand: BrandLite | null): void;
  onAddText(): void;
  onAddShape(kind: 'rect' | 'circle'): void;
  onAddImage(url: string, name: string): void;
  onColor(color: string): void;
}

/** What can be put on the artboard: text, shapes, brand colours and logo, library images. */
export function LibraryPanel(props: Props) {
  const { t } = useTranslation();
  const brands = useCanvasBrands();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const images = useLibraryImages(debounced);
  const brand = brands.data?.find((b) => b.id === props.brandId) ?? null;

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconLetterT size={14} />} onClick={props.onAddText} data-testid="canvas-add-text">
          {t('canvas.add.text')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSquare size={14} />}
          onClick={() => props.onAddShape('rect')}
          data-testid="canvas-add-rect"
        >
          {t('canvas.add.rect')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCircle size={14} />}
          onClick={() => props.onAddShape('circle')}
          data-testid="canvas-add-circle"
        >
          {t('canvas.add.circle')}
        </Button>
      </Group>

      <Select
        label={t('canvas.brand.label')}
        placeholder={brands.isLoading ? t('canvas.brand.loading') : t('canvas.brand.placeholder')}
        data={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
        value={props.brandId ? String(props.brandId) : null}
        onChange={(v) => props.onBrand(brands.data?.find((b) => String(b.id) === v) ?? null)}
        clearable
        nothingFoundMessage={t('canvas.brand.none')}
        data-testid="canvas-brand"
      />
      {brand && (
        <Stack gap={6}>
          {brand.colors.length > 0 && (
            <Group gap={6}>
              {brand.colors.map((c) => (
                <UnstyledButton key={c} onClick={() => props.onColor(c)} aria-label={c}>
                  <ColorSwatch color={c} size={24} />
                </UnstyledButton>
              ))}
            </Group>
          )}
          {brand.logo && (
            <Button
              size="xs"
              variant="default"
              onClick={() => props.onAddImage(brand.logo as string, brand.name)}
              data-testid="canvas-add-logo"
            >
              {t('canvas.brand.addLogo')}
            </Button>
          )}
        </Stack>
      )}

      <TextInput
        label={t('canvas.images.label')}
        placeholder={t('canvas.images.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {images.isLoading ? (
        <Loader size="sm" />
      ) : images.isError ? (
        <Text size="sm" c="red">
          {t('canvas.images.error')}
        </Text>
      ) : !images.data?.length ? (
        <Text size="sm" c="dimmed">
          {t('canvas.images.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={3} spacing={6}>
          {images.data.map((img) => (
            <UnstyledButton
              key={img.id}
              onClick={() => props.onAddImage(img.url, img.title)}
              title={img.title}
              data-testid="canvas-library-image"
            >
              <Image src={img.url} alt={img.title} h={64} fit="cover" radius="sm" />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
