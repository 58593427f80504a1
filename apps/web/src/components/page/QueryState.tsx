import type { ReactNode } from 'react';
import { EmptyNote } from './EmptyNote.tsx';
import { LoadError } from './LoadError.tsx';
import { TableSkeleton } from './Skeletons.tsx';

/** What the list frames read of a query (TanStack Query's result has it). */
export interface ListQueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list query's loader, its error with a retry, or its empty note — else what `children` makes of
 * the data (called only once the data is there). `emptyState` (an EmptyState, for a list with
 * nothing in it yet) takes the place of the note; pages leave it out while a search or filter is on.
 */
export function QueryState<T>({
  query,
  empty,
  emptyText,
  emptyState,
  children,
}: {
  query: ListQueryState<T>;
  empty: (data: T) => boolean;
  emptyText: string;
  emptyState?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <TableSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  // neither pending nor failed: the data is there
  const data = query.data as T;
  if (empty(data)) return emptyState ?? <EmptyNote text={emptyText} />;
  return <>{children(data)}</>;
}
