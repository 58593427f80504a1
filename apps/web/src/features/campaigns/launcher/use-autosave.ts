import { useDebouncedValue } from '@mantine/hooks';
import type { CampaignDraftInput } from '@risala/shared/schemas/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { campaignKeys } from '../api/keys.ts';
import { saveCampaign } from '../api/save-campaign.ts';
import type { Campaign } from '../api/types.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Drafts save automatically: the body is saved 700 ms after the last change — POST on the first
 * change, PUT after that. Saves run one after another (never two POSTs); `flush` saves what is
 * on screen now and answers the campaign id (before a test send or the launch).
 */
export function useAutosave(initialId: number | null, body: CampaignDraftInput, dirty: boolean, onCreated: (c: Campaign) => void) {
  const qc = useQueryClient();
  const key = JSON.stringify(body);
  const [debounced] = useDebouncedValue(key, 700);
  const idRef = useRef(initialId);
  const savedRef = useRef<string | null>(initialId === null ? null : key);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);
  const [savedKey, setSavedKey] = useState(savedRef.current ?? '');
  const created = useRef(onCreated);
  created.current = onCreated;

  const save = useCallback(
    (k: string): Promise<number> => {
      const run = async () => {
        if (savedRef.current === k && idRef.current !== null) return idRef.current;
        setState('saving');
        try {
          const c = await saveCampaign(idRef.current, JSON.parse(k) as CampaignDraftInput);
          const first = idRef.current === null;
          idRef.current = c.id;
          savedRef.current = k;
          setSavedKey(k);
          setState('saved');
          setError(null);
          void qc.invalidateQueries({ queryKey: [...campaignKeys.all, 'list'] });
          qc.setQueryData<Campaign>(campaignKeys.one(c.id), (old) => (old ? { ...c, timezone: old.timezone } : old));
          if (first) created.current(c);
          return c.id;
        } catch (err) {
          setState('error');
          setError(err);
          throw err;
        }
      };
      const next = chain.current.then(run);
      chain.current = next.catch(() => undefined);
      return next;
    },
    [qc],
  );

  // only a settled value is saved: the first keystroke must not save the empty draft it started from
  useEffect(() => {
    if (dirty && debounced === key && debounced !== savedRef.current) save(debounced).catch(() => undefined);
  }, [debounced, key, dirty, save]);

  const flush = useCallback(() => save(key), [save, key]);
  return { id: idRef.current, state, error, flush, savedKey };
}
