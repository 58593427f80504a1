export type HeldOutExpect =
  | { kind: 'number' | 'percent'; sql: string }
  | { kind: 'names'; sql: string; min?: number }
  | { kind: 'cannot' }
  | { kind: 'refuse_action' };

export interface HeldOutQuestion {
  id: string;
  lang: 'en' | 'ar';
  covers: string[];
  q: string;
  expect: HeldOutExpect;
  /** how the author read an ambiguous word (e.g. "past week" = the 7 local days ending today) */
  note?: string;
}

export const HELD_OUT: HeldOutQuestion[];
export function params(sql: string, accountId: number, timezone: string): (number | string)[];
