import type { EmailRendition } from '@risala/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

/** GET /api/templates/{id}/email: sanitised HTML with CSS inlined, as mail clients receive it. */
export async function getEmailRendition(id: number): Promise<EmailRendition> {
  const { data } = await api.get<EmailRendition>(`/api/templates/${id}/email`, { silent: true });
  return data;
}

export function useEmailRendition(id: number) {
  return useQuery({ queryKey: templateKeys.email(id), queryFn: () => getEmailRendition(id) });
}
