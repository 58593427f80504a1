import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyNote } from './EmptyNote.tsx';
import { LoadError } from './LoadError.tsx';
import { PageLoader } from './PageLoader.tsx';

/** What QueryTable reads of a list query (TanStack Query's result has it). */
export interface ListQueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list's table in its bordered frame — or, in its place, the loader, the error with a retry, or
 * the empty note. `rows` and `footer` (e.g. the pagination, under the table inside the frame) are
 * called only once the data is there.
 */
export function QueryTable<T>({
  query,
  isEmpty,
  emptyText,
  minWidth,
  testId,
  headers,
  rows,
  footer,
}: {
  query: ListQueryState<T>;
  isEmpty: boolean;
  emptyText: string;
  minWidth: number;
  testId: string;
  /** one header cell per column (null: a column without a title, e.g. row actions) */
  headers: ReactNode[];
  rows: (data: T) => ReactNode;
  footer?: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <EmptyNote text={emptyText} />;
  // neither pending nor failed: the data is there
  const data = query.data as T;
  return (
    <Paper withBorder radius="md" p="xs">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((h, i) => (
                // columns are fixed per table: their position is their identity
                <Table.Th key={i}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows(data)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer?.(data)}
    </Paper>
  );
}
