/**
 * One catalogue with dotted keys, split into one file per top-level namespace so areas can grow
 * independently. `catalogue.en['errors']['NAME_EXISTS']` is the key `errors.NAME_EXISTS`.
 * Web and server read the same files; a unit test keeps English and Arabic key sets identical.
 */
import arErrors from './ar/errors.json' with { type: 'json' };
import arMail from './ar/mail.json' with { type: 'json' };
import arNotifications from './ar/notifications.json' with { type: 'json' };
import arUi from './ar/ui.json' with { type: 'json' };
import arValidation from './ar/validation.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import enUi from './en/ui.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };

import arBrands from './ar/brands.json' with { type: 'json' };
import enBrands from './en/brands.json' with { type: 'json' };
import arCustomers from './ar/customers.json' with { type: 'json' };
import enCustomers from './en/customers.json' with { type: 'json' };
import arGroups from './ar/groups.json' with { type: 'json' };
import enGroups from './en/groups.json' with { type: 'json' };
import arBlacklists from './ar/blacklists.json' with { type: 'json' };
import enBlacklists from './en/blacklists.json' with { type: 'json' };
import arContent from './ar/content.json' with { type: 'json' };
import enContent from './en/content.json' with { type: 'json' };
import arStorage from './ar/storage.json' with { type: 'json' };
import enStorage from './en/storage.json' with { type: 'json' };
import arTemplates from './ar/templates.json' with { type: 'json' };
import enTemplates from './en/templates.json' with { type: 'json' };
import arWhatsapp from './ar/whatsapp.json' with { type: 'json' };
import enWhatsapp from './en/whatsapp.json' with { type: 'json' };
import arCanvas from './ar/canvas.json' with { type: 'json' };
import enCanvas from './en/canvas.json' with { type: 'json' };
import arSenders from './ar/senders.json' with { type: 'json' };
import enSenders from './en/senders.json' with { type: 'json' };
import arGateway from './ar/gateway.json' with { type: 'json' };
import enGateway from './en/gateway.json' with { type: 'json' };

export type Messages = { [key: string]: string | Messages };

export const catalogue: Record<'en' | 'ar', Messages> = {
  en: {
    ...enUi,
    errors: enErrors,
    validation: enValidation,
    mail: enMail,
    notifications: enNotifications,
    // one file per area (each area owns its namespace)
    brands: enBrands, customers: enCustomers, groups: enGroups, blacklists: enBlacklists, content: enContent, storage: enStorage, templates: enTemplates, whatsapp: enWhatsapp, canvas: enCanvas,
    senders: enSenders,
    gateway: enGateway,
  },
  ar: {
    ...arUi,
    errors: arErrors,
    validation: arValidation,
    mail: arMail,
    notifications: arNotifications,
    brands: arBrands, customers: arCustomers, groups: arGroups, blacklists: arBlacklists, content: arContent, storage: arStorage, templates: arTemplates, whatsapp: arWhatsapp, canvas: arCanvas,
    senders: arSenders,
    gateway: arGateway,
  },
};

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translate a dotted key with `{{param}}` interpolation; falls back to English, then the key. */
export function translate(
  lang: string,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const messages = catalogue[lang === 'ar' ? 'ar' : 'en'];
  const text = lookup(messages, key) ?? lookup(catalogue.en, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    params[name] === undefined ? `{{${name}}}` : String(params[name]),
  );
}

export function hasKey(lang: 'en' | 'ar', key: string): boolean {
  return lookup(catalogue[lang], key) !== undefined;
}

/** Flattened dotted keys of a catalogue (used by the parity test). */
export function flatKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flatKeys(v, `${prefix}${k}.`),
  );
}
