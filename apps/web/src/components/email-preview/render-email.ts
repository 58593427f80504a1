import type { RenderedEmail, RenderEmailInput } from '@risala/shared/schemas/templates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** POST /api/templates/render: an email being edited (design or HTML) as sent, for one customer or with its placeholders. */
export async function renderEmail(input: Partial<RenderEmailInput>): Promise<RenderedEmail> {
  const { data } = await api.post<RenderedEmail>('/api/templates/render', input, { silent: true });
  return data;
}

/** The rendering of what is being edited; the last one stays on screen while the next is made. */
export function useRenderedEmail(input: Partial<RenderEmailInput>, enabled = true) {
  return useQuery({
    queryKey: ['email-preview', 'render', input],
    queryFn: () => renderEmail(input),
    enabled: enabled && Boolean(input.mjml || input.html),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
