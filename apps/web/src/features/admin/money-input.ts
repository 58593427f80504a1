/** What an operator types for money, read exactly into halalas, and instalments split without losing a halala. */

/** "1234.5" → 123450 halalas, exactly (string arithmetic: no float rounding); null when not an amount. */
export function toMinor(text: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Equal instalments (the halalas left over on the last), one calendar month apart from the first
 * date, at noon UTC; a day the month does not have is its last day (31 January → 28 February).
 */
export function splitEvenly(total: number, count: number, first: string): { amount: number; due_at: string }[] {
  const base = Math.floor(total / count);
  const start = new Date(`${first}T12:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const year = start.getUTCFullYear();
    const month = start.getUTCMonth() + i;
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const due = new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), last), 12));
    return { amount: i === count - 1 ? total - base * (count - 1) : base, due_at: due.toISOString() };
  });
}
