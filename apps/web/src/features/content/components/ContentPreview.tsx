import { Center, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ContentItem } from '@risala/shared/schemas/content';
import { IconAlignLeft, IconFileText, IconFileTypePdf, IconLink, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { linkHost } from '../content-form.ts';

/** Below this height a thumbnail shows its icon and one caption line only (the list view's rows). */
const COMPACT_BELOW = 100;

function IconBox({ icon, caption, text, compact }: { icon: ReactNode; caption?: string; text?: string | null; compact: boolean }) {
  return (
    <Center h="100%" p={compact ? 4 : 'sm'} bg="var(--mantine-color-gray-light)">
      <Stack gap={compact ? 2 : 4} align="center" maw="100%" miw={0}>
        <ThemeIcon size={compact ? 26 : 44} radius="xl" variant="light" data-testid="content-thumb-icon">
          {icon}
        </ThemeIcon>
        {caption && (
          <Text
            size="xs"
            lh={compact ? 1.2 : undefined}
            fw={600}
            ta="center"
            lineClamp={1}
            maw="100%"
            className="ltr-value"
            data-testid="content-thumb-caption"
          >
            {caption}
          </Text>
        )}
        {text && !compact && (
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
  const compact = height < COMPACT_BELOW;
  const size = compact ? 16 : 24;
  let inner: ReactNode;
  if (item.type === 'image' && item.file) {
    inner = <Image src={item.file.url} alt={item.title} h={height} fit="cover" data-testid="content-thumb" />;
  } else if (item.type === 'document') {
    const pdf = item.file?.kind === 'pdf';
    inner = (
      <IconBox
        compact={compact}
        icon={pdf ? <IconFileTypePdf size={size} /> : <IconFileText size={size} />}
        caption={item.file?.original_name ?? undefined}
      />
    );
  } else if (item.type === 'link') {
    inner = <IconBox compact={compact} icon={<IconLink size={size} />} caption={linkHost(item.url)} text={item.body} />;
  } else if (item.type === 'video') {
    inner = <IconBox compact={compact} icon={<IconVideo size={size} />} caption={linkHost(item.url)} text={item.body} />;
  } else {
    inner = <IconBox compact={compact} icon={<IconAlignLeft size={size} />} text={item.body} />;
  }
  return (
    <div style={{ blockSize: height, overflow: 'hidden' }} data-testid="content-thumb-box">
      {inner}
    </div>
  );
}
