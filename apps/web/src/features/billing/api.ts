import type { Invoice, SubscriptionView } from '@risala/shared/schemas/billing';
import type { BillingStanding, PaymentsPage } from '@risala/shared/schemas/billing-dues';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type { BillingStanding, Invoice, PaymentsPage, SubscriptionView };

export const billingKeys = {
  subscription: ['billing', 'subscription'] as const,
  invoices: ['billing', 'invoices'] as const,
  health: ['subscription', 'health'] as const,
};

export function useSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: async () => (await api.get<SubscriptionView>('/api/subscription/current')).data as SubscriptionView,
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: billingKeys.invoices,
    queryFn: async () => (await api.get<{ items: Invoice[] }>('/api/billing/invoices')).data?.items ?? [],
  });
}

export function usePaymentsHealth() {
  return useQuery({
    queryKey: billingKeys.health,
    queryFn: async () =>
      (await api.get<{ payments: 'stripe' | 'sandbox' | 'offline'; checkout_available: boolean }>('/api/subscription/health')).data,
    staleTime: 30_000,
  });
}

/** Starts a checkout and sends the browser to the provider's hosted page. */
export function useCheckout() {
  return useMutation({
    mutationFn: async (input: { plan_key: string; interval?: 'month' | 'year' }) =>
      (await api.post<{ id: string; url: string }>('/api/subscription/create-checkout-session', input)).data as { id: string; url: string },
    onSuccess: (session) => window.location.assign(session.url),
  });
}

export function useSubscriptionChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { action: 'downgrade'; plan_key: string } | { action: 'cancel'; resume: boolean }) =>
      input.action === 'downgrade'
        ? (await api.post<SubscriptionView>('/api/subscription/downgrade', { plan_key: input.plan_key })).data
        : (await api.post<SubscriptionView>('/api/subscription/cancel', { resume: input.resume })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.subscription }),
  });
}

/** Minor units → the reader's money format: the one shared format (@risala/shared/money). */
export { formatMoney } from '@risala/shared/money';

/** Payments, dues and the account's standing (/billing/payments), newest payments first in pages. */
export function usePaymentsPage() {
  return useInfiniteQuery({
    queryKey: ['billing', 'payments'] as const,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (await api.get<PaymentsPage>(`/api/billing/payments${pageParam ? `?cursor=${pageParam}` : ''}`)).data as PaymentsPage,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Whether sending is suspended for an overdue payment (every signed-in user may ask). */
export function useBillingStanding(enabled = true) {
  return useQuery({
    queryKey: ['billing', 'standing'] as const,
    queryFn: async () => (await api.get<BillingStanding>('/api/billing/standing')).data as BillingStanding,
    staleTime: 60_000,
    enabled,
  });
}
