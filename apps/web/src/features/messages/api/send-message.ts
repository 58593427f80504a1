import type { SendEmailInput, SendResult, SendSmsInput, SendWhatsappInput } from '@risala/shared/schemas/messages';
import { type MutateOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { messageKeys } from './keys.ts';

export type SendChannel = 'sms' | 'whatsapp' | 'email';
type Body<C extends SendChannel> = C extends 'sms' ? SendSmsInput : C extends 'email' ? SendEmailInput : SendWhatsappInput;

/** POST /api/messages/{sms|whatsapp|email}/estimate: counts, parts and credits without sending (errors shown inline). */
export async function estimateSend<C extends SendChannel>(channel: C, body: Body<C>): Promise<SendResult> {
  const { data } = await api.post<SendResult>(`/api/messages/${channel}/estimate`, body, { silent: true });
  return data;
}

/** The estimate for a (debounced) draft; null while the draft is incomplete. */
export function useSendEstimate<C extends SendChannel>(channel: C, body: Body<C> | null) {
  return useQuery({
    queryKey: ['messages', 'estimate', channel, body],
    queryFn: () => estimateSend(channel, body as Body<C>),
    enabled: body !== null,
    retry: false,
    staleTime: 10_000,
  });
}

/**
 * POST /api/messages/{sms|whatsapp|email}: create the messages (now or scheduled). One send at a time:
 * a second click before the first answer (a double-click) is ignored, so nothing goes out twice.
 */
export function useSendMessage<C extends SendChannel>(channel: C) {
  const qc = useQueryClient();
  const once = useSingleFlight();
  const mutation = useMutation({
    mutationFn: async (body: Body<C>) => (await api.post<SendResult>(`/api/messages/${channel}`, body, { silent: true })).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
  const mutate = (body: Body<C>, options?: MutateOptions<SendResult, Error, Body<C>>) =>
    once((done) =>
      mutation.mutate(body, {
        ...options,
        onSettled: (...settled) => {
          done();
          options?.onSettled?.(...settled);
        },
      }),
    );
  return { ...mutation, mutate };
}
