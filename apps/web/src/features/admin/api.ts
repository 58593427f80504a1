/**
 * The admin area's own client. A platform operator's session is the `admin_token` cookie (sent to
 * /api/admin only): these calls never carry the tenant's Bearer token, and a 401 here sends the
 * operator to /admin/login instead of ending a tenant session — so the shared api-client, whose
 * §8 rules are the tenant's, is not used here.
 */
import type {
  AdjustCreditsInput,
  AdminAccount,
  AdminAccountsQuery,
  GatewayHealthItem,
  Operator,
  ReviewDecision,
  ReviewItem,
} from '@risala/shared/schemas/admin';
import type { AdminBilling, InstalmentPlanInput, ManualPaymentInput } from '@risala/shared/schemas/billing-dues';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, networkError, normalizeError } from '../../lib/http.ts';
import { currentLanguage } from '../../lib/i18n.ts';

async function adminRequest<T>(path: string, method: 'GET' | 'POST' = 'GET', body?: unknown): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw networkError(false);
  }
  const parsed = (await response.json().catch(() => undefined)) as { data?: unknown } | undefined;
  if (!response.ok) throw normalizeError(response.status, parsed);
  return parsed?.data as T;
}

export const isUnauthorized = (err: unknown) => (err as ApiError | null)?.statusCode === 401;

export const sendCode = (email: string) => adminRequest<{ ttl_minutes: number }>('/send-otp', 'POST', { email });
export const verifyCode = (email: string, otp: string) =>
  adminRequest<{ operator: Operator; expires_at: string }>('/verify-otp', 'POST', { email, otp });
export const signOut = () => adminRequest<null>('/sign-out', 'POST');

export function useOperator() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: () => adminRequest<{ operator: Operator }>('/me'),
    retry: false,
    staleTime: 60_000,
  });
}

type Page = { items: AdminAccount[]; page: number; limit: number; total: number };

export function useAdminAccounts(q: Pick<AdminAccountsQuery, 'page' | 'search' | 'status'>) {
  const params = new URLSearchParams({ page: String(q.page), limit: '20' });
  if (q.search) params.set('search', q.search);
  if (q.status) params.set('status', q.status);
  return useQuery({
    queryKey: ['admin', 'accounts', q],
    queryFn: () => adminRequest<Page>(`/accounts?${params}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdminAccount(id: number) {
  return useQuery({
    queryKey: ['admin', 'account', id],
    queryFn: () => adminRequest<{ account: AdminAccount }>(`/accounts/${id}`),
    retry: false,
  });
}

function useAccountMutation<I>(id: number, run: (input: I) => Promise<{ account: AdminAccount }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => {
      client.setQueryData(['admin', 'account', id], data);
      void client.invalidateQueries({ queryKey: ['admin', 'accounts'] });
    },
  });
}

export const useSuspend = (id: number) =>
  useAccountMutation(id, (reason: string) => adminRequest<{ account: AdminAccount }>(`/accounts/${id}/suspend`, 'POST', { reason }));
export const useReactivate = (id: number) =>
  useAccountMutation(id, () => adminRequest<{ account: AdminAccount }>(`/accounts/${id}/reactivate`, 'POST'));
export const useAdjustCredits = (id: number) =>
  useAccountMutation(id, (input: AdjustCreditsInput) => adminRequest<{ account: AdminAccount }>(`/accounts/${id}/credits`, 'POST', input));

export function useReviewQueues() {
  return useQuery({
    queryKey: ['admin', 'reviews'],
    queryFn: () => adminRequest<{ sms_senders: ReviewItem[]; whatsapp_templates: ReviewItem[]; batches: ReviewItem[] }>('/reviews'),
    retry: false,
  });
}

/** An operator's decision on a waiting sender id or a held batch; the queues reload after it. */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, decision }: { kind: 'sms_sender' | 'batch'; id: number; decision: ReviewDecision }) =>
      adminRequest<{ id: number }>(`/reviews/${kind === 'sms_sender' ? 'sms-senders' : 'batches'}/${id}`, 'POST', decision),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}

export function useGatewayHealth() {
  return useQuery({
    queryKey: ['admin', 'gateway'],
    queryFn: () => adminRequest<{ connections: GatewayHealthItem[] }>('/gateway'),
    refetchInterval: 15_000,
    retry: false,
  });
}

/** One account's invoices (with dues), payments and standing; the operator's billing actions reload it. */
export function useAdminBilling(id: number) {
  return useQuery({
    queryKey: ['admin', 'billing', id],
    queryFn: () => adminRequest<AdminBilling>(`/accounts/${id}/billing`),
    retry: false,
  });
}

function useBillingMutation<I>(id: number, run: (input: I) => Promise<AdminBilling>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (data) => client.setQueryData(['admin', 'billing', id], data) });
}

export const useRecordPayment = (id: number) =>
  useBillingMutation(id, (input: ManualPaymentInput) => adminRequest<AdminBilling>(`/accounts/${id}/payments`, 'POST', input));
export const useSetInstalments = (id: number) =>
  useBillingMutation(id, ({ invoiceId, ...body }: InstalmentPlanInput & { invoiceId: number }) =>
    adminRequest<AdminBilling>(`/accounts/${id}/invoices/${invoiceId}/instalments`, 'POST', body),
  );
export const useReverseInvoice = (id: number) =>
  useBillingMutation(id, ({ invoiceId, reason }: { invoiceId: number; reason: string }) =>
    adminRequest<AdminBilling>(`/accounts/${id}/invoices/${invoiceId}/reverse`, 'POST', { reason }),
  );
