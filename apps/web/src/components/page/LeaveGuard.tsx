import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * Unsaved work is not lost silently: while `dirty`, leaving the page in the app (a link, the
 * sidebar, Back) asks first, and closing or reloading the tab gets the browser's own prompt.
 * With `save` (an autosaving page), leaving saves first and asks only if that save fails.
 * Render `guard`; call `release()` just before leaving on purpose (after a save: the clean state
 * has not rendered yet) — it lets the next navigation through, once.
 */
export function useLeaveGuard(
  dirty: boolean,
  save?: () => Promise<unknown>,
): { guard: ReactNode; release: () => void; leaving: () => boolean } {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (released.current) {
      released.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  }, []);
  const blocker = useBlocker(shouldBlock);
  const [ask, setAsk] = useState(false);
  const leavingRef = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (blocker.state !== 'blocked') return setAsk(false);
    const saving = saveRef.current;
    if (!saving) return setAsk(true);
    let live = true;
    leavingRef.current = true;
    saving()
      .then(
        () => live && blocker.proceed(),
        () => live && setAsk(true),
      )
      .finally(() => {
        leavingRef.current = false;
      });
    return () => {
      live = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  const guard = (
    <Modal
      opened={blocker.state === 'blocked' && ask}
      onClose={() => blocker.reset?.()}
      title={t('common.leaveGuard.title')}
      centered
      data-testid="leave-guard"
    >
      <Text size="sm">{t('common.leaveGuard.body')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-testid="leave-guard-stay">
          {t('common.leaveGuard.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-testid="leave-guard-leave">
          {t('common.leaveGuard.leave')}
        </Button>
      </Group>
    </Modal>
  );
  // true while a save on the way out runs: the page should not navigate elsewhere meanwhile
  const leaving = useCallback(() => leavingRef.current, []);
  return { guard, release, leaving };
}
