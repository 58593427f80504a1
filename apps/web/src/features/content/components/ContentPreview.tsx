import { Center, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ContentItem } from '@risala/shared/schemas/content';
import { IconAlignLeft, IconFileText, IconFileTypePdf, IconLink, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { linkHost } from '../content-form.ts';

function IconBox({ icon, caption, text }: { icon: ReactNode; caption?: string; text?: string | null }) {
  return (
    <Center h="100%" p="sm" bg="var(--mantine-color-gray-light)">
      <Stack gap={4} align="center" maw="100%">
        <ThemeIcon size={44} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        {caption && (
          <Text size="xs" fw={600} ta="center" lineClamp={1} className="ltr-value">
            {caption}
          </Text>
        )}
        {text && (
          <Text size="xs" c="dimmed" ta="center" lineClamp={2}>
            {text}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/** A thumbnail for an item: the image itself, an icon for documents, the host and text for links. */
export function ContentPreview({ item, height = 150 }: { item: ContentItem; height?: number }) {
  let inner: ReactNode;
  if (item.type === 'image' && item.file) {
    inner = <Image src={item.file.url} alt={item.title} h={height} fit="cover" data-testid="content-thumb" />;
  } else if (item.type === 'document') {
    const pdf = item.file?.kind === 'pdf';
    inner = (
      <IconBox icon={pdf ? <IconFileTypePdf size={24} /> : <IconFileText size={24} />} caption={item.file?.original_name ?? undefined} />
    );
  } else if (item.type === 'link') {
    inner = <IconBox icon={<IconLink size={24} />} caption={linkHost(item.url)} text={item.body} />;
  } else if (item.type === 'video') {
    inner = <IconBox icon={<IconVideo size={24} />} caption={linkHost(item.url)} text={item.body} />;
  } else {
    inner = <IconBox icon={<IconAlignLeft size={24} />} text={item.body} />;
  }
  return <div style={{ blockSize: height, overflow: 'hidden' }}>{inner}</div>;
}
