import { Group, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a page shows while its first data loads: the shape of what is coming
 * instead of a lone spinner, so nothing jumps when it arrives. The region is aria-busy and says
 * "Loading" to a screen reader; `page-loader` is the test id the specs wait on.
 */
function Busy({ children, testId = 'page-loader' }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-live="polite" data-testid={testId}>
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      <div aria-hidden>{children}</div>
    </div>
  );
}

/** Column widths of a made-up row: a wide name, then shorter cells. */
const CELLS = ['28%', '16%', '14%', '12%', '10%'];

/** A table's frame with a header and `rows` lines of cells. */
export function TableSkeleton({ rows = 6, testId }: { rows?: number; testId?: string }) {
  return (
    <Busy testId={testId}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="lg" wrap="nowrap">
            {CELLS.map((w) => (
              <Skeleton key={w} h={10} w={w} radius="sm" />
            ))}
          </Group>
          {Array.from({ length: rows }, (_, i) => (
            // rows are interchangeable placeholders
            <Group key={i} gap="lg" wrap="nowrap">
              {CELLS.map((w) => (
                <Skeleton key={w} h={16} w={w} radius="sm" />
              ))}
            </Group>
          ))}
        </Stack>
      </Paper>
    </Busy>
  );
}

/** A grid of `count` cards (plans, tiles). */
export function CardsSkeleton({ count = 3, height = 220, testId }: { count?: number; height?: number; testId?: string }) {
  return (
    <Busy testId={testId}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(count, 4) }}>
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} h={height} radius="md" />
        ))}
      </SimpleGrid>
    </Busy>
  );
}

/** A page or panel whose shape is not a table: a heading line and a few lines of text and fields. */
export function SectionSkeleton({ testId }: { testId?: string }) {
  return (
    <Busy testId={testId}>
      <Stack gap="sm" py="md">
        <Skeleton h={22} w="35%" radius="sm" />
        <Skeleton h={12} w="60%" radius="sm" />
        <Skeleton h={36} w="100%" radius="md" mt="sm" />
        <Skeleton h={36} w="100%" radius="md" />
        <Skeleton h={36} w="70%" radius="md" />
      </Stack>
    </Busy>
  );
}
