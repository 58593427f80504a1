/** The instant of a wall time (`dayOffset` days from today, hour:minute) in an IANA time zone. */
export function zonedInstant(timeZone: string, dayOffset: number, hour: number, minute: number, now = new Date()): Date {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const partsAt = (ms: number) => {
    const got: Record<string, number> = {};
    for (const p of fmt.formatToParts(new Date(ms))) if (p.type !== 'literal') got[p.type] = Number(p.value);
    return got as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  };
  const offsetAt = (ms: number) => {
    const p = partsAt(ms);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
  };
  const today = partsAt(now.getTime());
  const wall = Date.UTC(today.year, today.month - 1, today.day + dayOffset, hour, minute);
  // the offset at the guess, then again at the corrected instant (a DST change in between)
  let ms = wall - offsetAt(wall);
  ms = wall - offsetAt(ms);
  return new Date(ms);
}
