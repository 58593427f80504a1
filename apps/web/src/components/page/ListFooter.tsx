import { Group, Pagination, Text } from '@mantine/core';

/** Under a paged list: how many there are, and the pages when there is more than one. */
export function ListFooter({
  total,
  testId,
  page,
  pages,
  onPage,
  inset = true,
}: {
  /** the translated total, e.g. "42 brands" */
  total: string;
  testId?: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** padded inside a table's frame (the default), or flush under a grid */
  inset?: boolean;
}) {
  return (
    <Group justify="space-between" p={inset ? 'sm' : undefined}>
      <Text size="sm" c="dimmed" data-testid={testId}>
        {total}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" />}
    </Group>
  );
}
