import type { TimeStyle } from '@risala/shared/time';
import { useTimeFormat } from '../../lib/time.ts';

/**
 * A moment as the whole app writes it (lib/time.ts), in a <time> element: machines read the
 * instant, a pointer over it reads the zone it is shown in.
 */
export function Moment({
  at,
  style = 'moment',
  fallback = '—',
  testId,
}: {
  at: string | Date | null | undefined;
  style?: TimeStyle;
  fallback?: string;
  testId?: string;
}) {
  const fmt = useTimeFormat();
  const text = fmt.format(at, style);
  if (!text || !at) return <>{fallback}</>;
  const iso = at instanceof Date ? at.toISOString() : at;
  return (
    <time dateTime={iso} title={fmt.zoneName} data-testid={testId}>
      {text}
    </time>
  );
}
