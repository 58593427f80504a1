import type { SmsSender, WhatsappSender } from '@risala/shared/schemas/senders';
import type { Template } from '@risala/shared/schemas/templates';
import type { WaTemplate } from '@risala/shared/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

interface Page<T> {
  items: T[];
  total: number;
}

const STALE = 30_000;

/** ACTIVE SMS sender ids (GET /api/sender-management/sms/sms-senders?status=ACTIVE). */
export function useActiveSmsSenders() {
  return useQuery({
    queryKey: ['messages', 'options', 'sms-senders'],
    queryFn: async () =>
      (
        await api.get<Page<SmsSender>>('/api/sender-management/sms/sms-senders', {
          query: { status: 'ACTIVE', limit: 100, sort: 'sender_id', order: 'asc' },
          silent: true,
        })
      ).data.items,
    staleTime: STALE,
  });
}

/** APPROVED SMS templates (GET /api/templates/{userId}?message_type=sms&status=APPROVED). */
export function useApprovedSmsTemplates(userId: string) {
  return useQuery({
    queryKey: ['messages', 'options', 'sms-templates', userId],
    queryFn: async () =>
      (
        await api.get<Page<Template>>(`/api/templates/${userId}`, {
          query: { message_type: 'sms', status: 'APPROVED', limit: 100, sort: 'updated_at', order: 'desc' },
          silent: true,
        })
      ).data.items,
    enabled: Boolean(userId),
    staleTime: STALE,
  });
}

/** ACTIVE WhatsApp senders (GET /api/whatsapp/sender). */
export function useWhatsappSenders() {
  return useQuery({
    queryKey: ['messages', 'options', 'wa-senders'],
    queryFn: async () =>
      (await api.get<Page<WhatsappSender>>('/api/whatsapp/sender', { query: { limit: 100 }, silent: true })).data.items.filter(
        (s) => s.status === 'ACTIVE',
      ),
    staleTime: STALE,
  });
}

/** APPROVED WhatsApp templates (GET /api/whatsapp/templates?status=APPROVED). */
export function useApprovedWaTemplates() {
  return useQuery({
    queryKey: ['messages', 'options', 'wa-templates'],
    queryFn: async () =>
      (
        await api.get<Page<WaTemplate>>('/api/whatsapp/templates', {
          query: { status: 'APPROVED', limit: 100, sort: 'name', order: 'asc' },
          silent: true,
        })
      ).data.items,
    staleTime: STALE,
  });
}

export interface GroupOption {
  id: number;
  group_name: string;
  contacts_count: number | null;
}

/** The account's groups (GET /api/groups). */
export function useGroupOptions() {
  return useQuery({
    queryKey: ['messages', 'options', 'groups'],
    queryFn: async () =>
      (
        await api.get<Page<GroupOption>>('/api/groups', {
          query: { page: 1, limit: 100, sort: 'group_name', order: 'asc' },
          silent: true,
        })
      ).data.items,
    staleTime: STALE,
  });
}

export interface CustomerOption {
  id: number;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  email: string | null;
}

/** Customers matching a search (GET /api/customers?search=), for the recipients picker. */
export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: ['messages', 'options', 'customers', search],
    queryFn: async () => (await api.get<Page<CustomerOption>>('/api/customers', { query: { search, limit: 20 }, silent: true })).data.items,
    staleTime: STALE,
  });
}
