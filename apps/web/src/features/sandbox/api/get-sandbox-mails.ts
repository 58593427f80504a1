import type { DataOf } from '@risala/shared/schemas/common';
import type { SandboxMail, sandboxMailListEnvelopeSchema } from '@risala/shared/schemas/system';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { SandboxMail };

/** Newest first, whatever order the server used. */
export function newestFirst(mails: SandboxMail[]): SandboxMail[] {
  return [...mails].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** GET /api/sandbox/mails?to=… → data {items}. 404 SANDBOX_DISABLED when a real relay is configured. */
export async function fetchSandboxMails(to: string): Promise<SandboxMail[]> {
  const { data } = await api.get<DataOf<typeof sandboxMailListEnvelopeSchema>>('/api/sandbox/mails', { query: { to }, silent: true });
  return newestFirst(data.items);
}

export function useSandboxMails(to: string) {
  return useQuery({
    queryKey: ['sandbox', 'mails', to],
    queryFn: () => fetchSandboxMails(to),
    enabled: Boolean(to),
    refetchInterval: 5_000,
    staleTime: 0,
  });
}
