import { Group, Pagination, Text } from '@mantine/core';

/** Under a paged list: how many there are, and the pages when there is more than one. */
export function ListFooter({
  label,
  count,
  limit,
  page,
  onPage,
  testId,
  inset = true,
}: {
  /** the translated total, e.g. "42 brands" */
  label: string;
  /** rows in the whole list, and per page */
  count: number;
  limit: number;
  page: number;
  onPage: (page: number) => void;
  testId?: string;
  /** padded inside a table's frame (the default), or flush under a grid */
  inset?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <Group justify="space-between" p={inset ? 'sm' : undefined}>
      <Text size="sm" c="dimmed" data-testid={testId}>
        {label}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" />}
    </Group>
  );
}
