/**
 * A list's view (page, sort, order, search and filters) kept in the URL query, so Back from a
 * detail page, a reload or a shared link shows the same view. Pages read the query with
 * `useUrlList(DEFAULTS)` and write it with `update(patch)`; text boxes keep their own state and
 * write it debounced (`useUrlText`), so typing never waits for the router.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export type UrlValues = Record<string, string>;
export type UrlPatch<T extends UrlValues> = Partial<Record<keyof T | 'page', string | number | null | undefined>>;

/**
 * The next query for a patch: a value equal to its default (or empty) leaves the URL; a change
 * of anything but `page` goes back to page 1. Unchanged values change nothing (no page reset).
 */
export function patchQuery<T extends UrlValues>(current: URLSearchParams, defaults: T, patch: UrlPatch<T>): URLSearchParams {
  const next = new URLSearchParams(current);
  let filtered = false;
  for (const [key, raw] of Object.entries(patch)) {
    const fallback = key === 'page' ? '1' : (defaults[key] ?? '');
    const value = raw === null || raw === undefined || raw === '' ? fallback : String(raw);
    if ((current.get(key) ?? fallback) === value) continue;
    if (key !== 'page') filtered = true;
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  }
  if (filtered && !('page' in patch)) next.delete('page');
  return next;
}

/** The values of `defaults`' keys from a query (defaults where absent) and the page (1 or more). */
export function readQuery<T extends UrlValues>(params: URLSearchParams, defaults: T): { values: T; page: number } {
  const values = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const v = params.get(key);
    if (v !== null) values[key] = v as T[typeof key];
  }
  const page = Math.floor(Number(params.get('page')));
  return { values, page: Number.isFinite(page) && page > 1 ? page : 1 };
}

/**
 * The list view in the URL. `defaults` must be a constant (module level): its keys are the
 * view's parameters. Updates replace the history entry: Back leaves the list, it does not replay
 * every keystroke.
 */
export function useUrlList<T extends UrlValues>(defaults: T) {
  const [params, setParams] = useSearchParams();
  const { values, page } = useMemo(() => readQuery(params, defaults), [params, defaults]);
  const latest = useRef(params);
  latest.current = params;
  const update = useCallback(
    (patch: UrlPatch<T>) => {
      // a patch that changes nothing navigates nowhere (setSearchParams always would)
      if (patchQuery(latest.current, defaults, patch).toString() === latest.current.toString()) return;
      setParams((current) => patchQuery(current, defaults, patch), { replace: true });
    },
    [setParams, defaults],
  );
  const setPage = useCallback((p: number) => update({ page: p } as UrlPatch<T>), [update]);
  return { values, page, update, setPage };
}

/**
 * A page past the end of its list (a stale link or bookmark, a list that shrank since) goes back to
 * page 1, instead of calling a non-empty list empty and hiding its pager.
 */
export function useFirstPageWhenPastEnd(page: number, pastEnd: boolean, setPage: (page: number) => void) {
  useEffect(() => {
    if (page > 1 && pastEnd) setPage(1);
  }, [page, pastEnd, setPage]);
}

/**
 * Filters being edited (text typed, options picked), kept in the page and written to the URL
 * 300 ms after the last change; the list itself reads the URL. When the URL changes from outside
 * (a link or the sidebar to the same list, Back within the page), the boxes follow it.
 * `read` and `write` are the page's fixed mapping between the URL's values and the draft.
 */
export function useUrlDraft<T extends UrlValues, D>(
  list: { values: T; update: (patch: UrlPatch<T>) => void },
  read: (values: T) => D,
  write: (draft: D) => UrlPatch<T>,
) {
  const [draft, setDraft] = useState<D>(() => read(list.values));
  const [settled] = useDebouncedValue(draft, 300);
  const mapping = useRef({ read, write, update: list.update });
  mapping.current = { read, write, update: list.update };
  // what the URL holds of this draft, compared as text
  const inUrl = JSON.stringify(write(read(list.values)));
  const written = useRef(inUrl);

  // typing settled → the URL (once per settled value, not again on every URL change)
  useEffect(() => {
    const patch = mapping.current.write(settled);
    written.current = JSON.stringify(patch);
    mapping.current.update(patch);
  }, [settled]);

  // the URL moved on its own → the draft follows
  useEffect(() => {
    if (inUrl === written.current) return;
    written.current = inUrl;
    setDraft(mapping.current.read(list.values));
  }, [inUrl, list.values]);

  return [draft, setDraft] as const;
}

/** The common case: one search box. */
export function useUrlSearch<T extends UrlValues & { search: string }>(list: { values: T; update: (patch: UrlPatch<T>) => void }) {
  return useUrlDraft(
    list,
    (v) => v.search,
    (search) => ({ search: search.trim() }) as UrlPatch<T>,
  );
}

/** A URL value if it is one of `allowed`, else null: a stale or hand-edited link shows no filter. */
export function oneOf<A extends string>(value: string | null | undefined, allowed: readonly A[]): A | null {
  return allowed.includes(value as A) ? (value as A) : null;
}

/**
 * A "field:order" sort select from the URL's `sort` and `order`; a pair that is not one of the
 * choices shows the first (the default).
 */
export function sortChoice<S extends string>(values: { sort: string; order: string }, choices: readonly [S, ...S[]]): S {
  return oneOf(`${values.sort}:${values.order}`, choices) ?? choices[0];
}

/** The URL patch for a "field:order" sort choice. */
export function sortPatch(choice: string): { sort: string; order: string } {
  const [sort = '', order = ''] = choice.split(':');
  return { sort, order };
}
