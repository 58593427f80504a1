/** What the launcher's pickers offer: brands, groups and segments, APPROVED templates, ACTIVE senders, sample recipients. */
import type { EmailConfig, SmsSender, WhatsappSender } from '@risala/shared/schemas/senders';
import type { Template } from '@risala/shared/schemas/templates';
import type { WaTemplate } from '@risala/shared/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';
import type { Page } from './types.ts';

const STALE = 30_000;
const list = async <T>(path: string, query: Record<string, string | number>) =>
  (await api.get<Page<T>>(path, { query, silent: true })).data.items;

export interface BrandOption {
  id: number;
  name: string;
}

/** GET /api/brands */
export function useBrandOptions() {
  return useQuery({
    queryKey: campaignKeys.options('brands'),
    queryFn: () => list<BrandOption>('/api/brands', { limit: 100, sort: 'name', order: 'asc' }),
    staleTime: STALE,
  });
}

export interface GroupOption {
  id: number;
  group_name: string;
  type: 'static' | 'segment';
  status: string;
  contacts_count: number | null;
}

/** GET /api/groups: static groups and dynamic segments. */
export function useGroupOptions() {
  return useQuery({
    queryKey: campaignKeys.options('groups'),
    queryFn: () => list<GroupOption>('/api/groups', { limit: 100, sort: 'group_name', order: 'asc' }),
    staleTime: STALE,
  });
}

/** APPROVED SMS or email templates (GET /api/templates/{userId}?message_type&status=APPROVED). */
export function useApprovedTemplates(userId: string, type: 'sms' | 'email') {
  return useQuery({
    queryKey: campaignKeys.options('templates', type, userId),
    queryFn: () =>
      list<Template>(`/api/templates/${userId}`, { message_type: type, status: 'APPROVED', limit: 100, sort: 'updated_at', order: 'desc' }),
    enabled: Boolean(userId),
    staleTime: STALE,
  });
}

export interface ContentOption {
  id: number;
  title: string;
  type: string;
  body: string | null;
  url: string | null;
}

/** Items of the content library an email can carry: text and links (GET /api/content). */
export function useContentOptions() {
  return useQuery({
    queryKey: campaignKeys.options('content'),
    queryFn: async () =>
      (await list<ContentOption>('/api/content', { limit: 100, sort: 'updated_at', order: 'desc' })).filter((c) => c.body || c.url),
    staleTime: STALE,
  });
}

/** APPROVED WhatsApp templates. */
export function useApprovedWaTemplates() {
  return useQuery({
    queryKey: campaignKeys.options('wa-templates'),
    queryFn: () => list<WaTemplate>('/api/whatsapp/templates', { status: 'APPROVED', limit: 100 }),
    staleTime: STALE,
  });
}

/** ACTIVE SMS sender ids. */
export function useSmsSenders() {
  return useQuery({
    queryKey: campaignKeys.options('sms-senders'),
    queryFn: () =>
      list<SmsSender>('/api/sender-management/sms/sms-senders', { status: 'ACTIVE', limit: 100, sort: 'sender_id', order: 'asc' }),
    staleTime: STALE,
  });
}

/** ACTIVE WhatsApp senders. */
export function useWhatsappSenders() {
  return useQuery({
    queryKey: campaignKeys.options('wa-senders'),
    queryFn: async () => (await list<WhatsappSender>('/api/whatsapp/sender', { limit: 100 })).filter((s) => s.status === 'ACTIVE'),
    staleTime: STALE,
  });
}

/** The account's email sender (GET /api/sender-management/email/config); null when none is set up. */
export function useEmailSender() {
  return useQuery({
    queryKey: campaignKeys.options('email-sender'),
    queryFn: async () => (await api.get<EmailConfig>('/api/sender-management/email/config', { silent: true })).data,
    retry: false,
    staleTime: STALE,
  });
}

export interface SampleRecipient {
  id: number;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  email: string | null;
  country: string | null;
}

/** A few members of the first chosen group, for the per-recipient preview (GET /api/groups/{id}/members). */
export function useSampleRecipients(groupId: number | null) {
  return useQuery({
    queryKey: campaignKeys.options('sample', groupId),
    queryFn: () => list<SampleRecipient>(`/api/groups/${groupId}/members`, { limit: 10 }),
    enabled: groupId !== null,
    staleTime: STALE,
  });
}
