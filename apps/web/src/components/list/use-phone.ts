import { useMediaQuery } from '@mantine/hooks';

/** A phone-width screen (≤ 48em, Mantine's `sm`): lists show as cards instead of tables. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 48em)') ?? false;
}
