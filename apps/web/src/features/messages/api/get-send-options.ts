import type { Page } from '@risala/shared';
import type { Customer } from '@risala/shared/schemas/customers';
import type { CustomerGroup } from '@risala/shared/schemas/groups';
import type { EmailConfig, SmsSender, WhatsappSender } from '@risala/shared/schemas/senders';
import type { EmailRendition, Template } from '@risala/shared/schemas/templates';
import type { WaTemplate } from '@risala/shared/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/http.ts';

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
  return useApprovedTemplates(userId, 'sms');
}

/** APPROVED email templates (GET /api/templates/{userId}?message_type=email&status=APPROVED). */
export function useApprovedEmailTemplates(userId: string) {
  return useApprovedTemplates(userId, 'email');
}

function useApprovedTemplates(userId: string, type: 'sms' | 'email') {
  return useQuery({
    queryKey: ['messages', 'options', `${type}-templates`, userId],
    queryFn: async () =>
      (
        await api.get<Page<Template>>(`/api/templates/${userId}`, {
          query: { message_type: type, status: 'APPROVED', limit: 100, sort: 'updated_at', order: 'desc' },
          silent: true,
        })
      ).data.items,
    enabled: Boolean(userId),
    staleTime: STALE,
  });
}

/**
 * The account's email sender (GET /api/sender-management/email/config; an account has one): null
 * when none is set up. Only an ACTIVE (verified, or the sandbox) one can send.
 */
export function useEmailSender() {
  return useQuery({
    queryKey: ['messages', 'options', 'email-sender'],
    queryFn: async () => {
      try {
        return (await api.get<EmailConfig>('/api/sender-management/email/config', { silent: true })).data;
      } catch (err) {
        if (isApiError(err) && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
    retry: false,
    staleTime: STALE,
  });
}

/** An approved email template as mail clients receive it (GET /api/templates/{id}/email), for the preview. */
export function useEmailTemplateRendition(id: number | null) {
  return useQuery({
    queryKey: ['messages', 'options', 'email-rendition', id],
    queryFn: async () => (await api.get<EmailRendition>(`/api/templates/${id}/email`, { silent: true })).data,
    enabled: id !== null,
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

export type GroupOption = Pick<CustomerGroup, 'id' | 'group_name' | 'contacts_count'>;

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

export type CustomerOption = Pick<Customer, 'id' | 'first_name' | 'last_name' | 'mobile_number' | 'email'>;

/** Customers matching a search (GET /api/customers?search=), for the recipients picker. */
export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: ['messages', 'options', 'customers', search],
    queryFn: async () => (await api.get<Page<CustomerOption>>('/api/customers', { query: { search, limit: 20 }, silent: true })).data.items,
    staleTime: STALE,
  });
}
