import { useMatches } from 'react-router';
import { AreaEmptyState } from '../../components/empty-state/AreaEmptyState.tsx';

/** The page of a product area not built yet; the route's handle names the area. */
export function AreaPage() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as { area?: string } | undefined)?.area)?.handle as
    | { area: string }
    | undefined;
  return <AreaEmptyState titleKey={handle?.area ?? 'common.appName'} />;
}
