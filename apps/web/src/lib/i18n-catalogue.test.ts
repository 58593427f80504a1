/**
 * The web's own catalogue files (ui.json) and every key the code asks for: both languages have the
 * same keys, no top-level name collides with the server's namespaces, and every literal key exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, flatKeys, hasKey, type Messages, pluralBase } from '@risala/shared/i18n/index.ts';
import arUi from '@risala/shared/i18n/ar/ui.json' with { type: 'json' };
import enUi from '@risala/shared/i18n/en/ui.json' with { type: 'json' };
import { PLANS } from '@risala/shared/constants';
import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES } from '../components/layout/nav.ts';
import type { ToastKind } from './toast.ts';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const TOAST_KINDS: ToastKind[] = [
  'session',
  'permission',
  'network',
  'server',
  'validation',
  'file',
  'rateLimit',
  'subscription',
  'whatsappVerification',
  'whatsappTemplateLimit',
  'emailSender',
  'smsSetup',
  'templateNotFound',
  'templateReview',
  'campaign',
  'customer',
  'generic',
];

const expectKey = (key: string) => {
  expect(hasKey('en', key), `en: ${key}`).toBe(true);
  expect(hasKey('ar', key), `ar: ${key}`).toBe(true);
};

describe('ui catalogue', () => {
  it('English and Arabic have the same keys (plural forms count as their key)', () => {
    const bases = (m: Messages) => [...new Set(flatKeys(m).map(pluralBase))].sort();
    expect(bases(arUi as Messages)).toEqual(bases(enUi as Messages));
  });

  it('does not use the server-owned top-level names', () => {
    for (const name of ['errors', 'validation', 'mail', 'notifications']) {
      expect(Object.keys(enUi)).not.toContain(name);
    }
  });

  it('Arabic texts are Arabic (not copies of English)', () => {
    const en = flatKeys(enUi as Messages);
    const same = en.filter((key) => {
      const a = key.split('.').reduce<unknown>((node, part) => (node as Messages)[part], arUi);
      const e = key.split('.').reduce<unknown>((node, part) => (node as Messages)[part], enUi);
      return a === e && /[a-z]{3}/i.test(String(e));
    });
    expect(same).toEqual([]);
  });

  it('every literal t("…") key in the code exists in both languages', () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) keys.add(m[1]);
      for (const m of code.matchAll(/(?:Key|titleKey|messageKey|labelKey):\s*'([a-zA-Z][\w.]*)'/g)) keys.add(m[1]);
      for (const m of code.matchAll(/showSuccessToast\(\s*'([\w.]+)'/g)) keys.add(m[1]);
    }
    expect(keys.size).toBeGreaterThan(100);
    for (const key of keys) expectKey(key);
  });

  it('keys built at run time exist', () => {
    for (const kind of TOAST_KINDS) {
      expectKey(`toast.title.${kind}`);
      expectKey(`toast.message.${kind}`);
    }
    expectKey('toast.title.success');
    for (const entry of NAV_ENTRIES) expectKey(entry.labelKey);
    for (const mode of ['register', 'login', 'reset']) {
      expectKey(`auth.otp.${mode}.title`);
      expectKey(`auth.otp.${mode}.subtitle`);
    }
    for (const area of ['whatsapp', 'email', 'sms', 'template', 'campaign', 'customer']) expectKey(`http.areas.${area}`);
    for (const key of ['http.notFound.generic', 'http.notFound.template', 'http.notFound.customer']) expectKey(key);
    for (const state of ['none', 'active', 'warning', 'expired', 'blocked']) expectKey(`profile.plan.state.${state}`);
    for (const c of ['general', 'billing', 'technical', 'account']) expectKey(`support.categories.${c}`);
    // Sent by GET /api/subscription/plans as feature keys; plan keys and intervals are shown translated.
    for (const f of [
      'users3',
      'users10',
      'usersUnlimited',
      'contacts5k',
      'contacts50k',
      'contactsUnlimited',
      'channelsAll',
      'aiPlanning',
      'approvals',
      'emailSupport',
      'dedicatedSupport',
    ]) {
      expectKey(`plans.features.${f}`);
    }
    for (const plan of PLANS) expectKey(`plans.names.${plan}`);
    for (const interval of ['month', 'year']) expectKey(`plans.interval.${interval}`);
    for (const field of [
      'email',
      'password',
      'first_name',
      'last_name',
      'phone_number',
      'confirm_password',
      'company_name',
      'user_role',
      'industry',
    ]) {
      expectKey(`auth.fields.${field}`);
    }
  });

  it('every validation key the shared schemas emit is translated (read-only check)', () => {
    for (const key of [
      'validation.required',
      'validation.email',
      'validation.password.length',
      'validation.password.match',
      'validation.phone.countryCode',
      'validation.otp',
    ]) {
      expectKey(key);
    }
    expect(catalogue.ar).toBeTruthy();
  });
});
