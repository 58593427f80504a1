import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.ts';
import { badgeCount, relativeTime, truncateName } from './format.ts';
import { catalogue, flatKeys, hasKey, pluralBase, storedReasonText, storeReason, translate } from './i18n/index.ts';
import { ACTIONS, actionsForPath, BUILTIN_ROLES, can, ENTITIES, landingPath, permissionTreeFor } from './permissions.ts';
import { trialDaysRemaining, trialEndsAt, trialState } from './trial.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('truncateName', () => {
  it('keeps a last word that ends exactly at the limit', () => {
    expect(truncateName('Sara Al Haddadi X')).toBe('Sara Al Haddadi…');
  });

  it('leaves short names unchanged', () => {
    expect(truncateName('Sara')).toBe('Sara');
  });

  it('leaves a name of exactly 15 characters unchanged', () => {
    expect(truncateName('Sara Al Haddadi')).toHaveLength(15);
    expect(truncateName('Sara Al Haddadi')).toBe('Sara Al Haddadi');
    expect(truncateName('Abcdefghijklmno')).toBe('Abcdefghijklmno');
  });

  it('cuts a longer name at a word boundary with an ellipsis', () => {
    expect(truncateName('Mohammed Abdullah Alqahtani')).toBe('Mohammed…');
    expect(truncateName('Sara Alhaddadi Khan')).toBe('Sara Alhaddadi…');
    expect(truncateName('عبد الرحمن بن عبد العزيز')).toBe('عبد الرحمن بن…');
  });

  it('cuts a single long word hard', () => {
    expect(truncateName('Supercalifragilistic')).toBe('Supercalifragil…');
    expect(truncateName('Abcdefghijklmnop')).toBe('Abcdefghijklmno…');
  });

  it('collapses and trims whitespace first', () => {
    expect(truncateName('  Sara \t  Haddad  ')).toBe('Sara Haddad');
    expect(truncateName('Sara        Al        Haddadi')).toBe('Sara Al Haddadi');
  });

  it('honours a custom maximum', () => {
    expect(truncateName('Sara Haddad', 6)).toBe('Sara…');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);

  it('is "just now" under a minute (and for future times)', () => {
    expect(ago(0)).toEqual({ kind: 'justNow' });
    expect(ago(59 * SECOND)).toEqual({ kind: 'justNow' });
    expect(ago(-5 * MINUTE)).toEqual({ kind: 'justNow' });
  });

  it('counts minutes from 60 s to 59 min', () => {
    expect(ago(60 * SECOND)).toEqual({ kind: 'minutes', count: 1 });
    expect(ago(59 * MINUTE + 59 * SECOND)).toEqual({ kind: 'minutes', count: 59 });
  });

  it('counts hours from 60 min to 23 h', () => {
    expect(ago(60 * MINUTE)).toEqual({ kind: 'hours', count: 1 });
    expect(ago(23 * HOUR + 59 * MINUTE)).toEqual({ kind: 'hours', count: 23 });
  });

  it('counts days from 24 h to 6 days 23 h', () => {
    expect(ago(24 * HOUR)).toEqual({ kind: 'days', count: 1 });
    expect(ago(6 * DAY + 23 * HOUR)).toEqual({ kind: 'days', count: 6 });
  });

  it('gives the date from 7 days on', () => {
    const at = new Date(now.getTime() - 7 * DAY);
    expect(relativeTime(at, now)).toEqual({ kind: 'date', date: at });
  });
});

describe('badgeCount', () => {
  it('shows the number up to 99, then 99+', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(5000)).toBe('99+');
  });
});

describe('trial', () => {
  it('a user created now has about two months (59–62 days) of active trial', () => {
    const days = trialDaysRemaining(new Date());
    expect(days).toBeGreaterThanOrEqual(59);
    expect(days).toBeLessThanOrEqual(62);
    expect(trialState('free_trial', days)).toBe('active');
  });

  it('ends two calendar months after creation', () => {
    const created = new Date('2026-01-10T08:30:00Z');
    expect(trialEndsAt(created).toISOString()).toBe('2026-03-10T08:30:00.000Z');
    expect(trialDaysRemaining(created, created)).toBe(59);
  });

  it('rounds the remaining days up, and never answers -0', () => {
    const created = new Date('2026-01-10T00:00:00Z');
    const end = trialEndsAt(created).getTime();
    const at = (ms: number) => trialDaysRemaining(created, new Date(end + ms));
    expect(at(-7 * DAY - 1)).toBe(8);
    expect(at(-7 * DAY)).toBe(7);
    expect(at(-1)).toBe(1);
    expect(at(0)).toBe(0);
    expect(Object.is(at(1), 0)).toBe(true);
    expect(at(DAY)).toBe(-1);
    expect(at(30 * DAY)).toBe(-30);
  });

  it('maps days to states at each boundary', () => {
    const cases: Array<[number, string]> = [
      [61, 'active'],
      [8, 'active'],
      [7, 'warning'],
      [1, 'warning'],
      [0, 'expired'],
      [-1, 'expired'],
      [-29, 'expired'],
      [-30, 'blocked'],
      [-31, 'blocked'],
    ];
    for (const [days, state] of cases) {
      expect(trialState('free_trial', days), `${days} days`).toBe(state);
      expect(trialState('free', days), `free, ${days} days`).toBe(state);
    }
  });

  it('paid plans have no trial state', () => {
    for (const plan of ['starter', 'growth', 'enterprise']) {
      for (const days of [61, 3, 0, -100]) expect(trialState(plan, days)).toBe('none');
    }
  });
});

describe('permissions', () => {
  const entities = ENTITIES.map((e) => e.entity);

  it('landingPath is the first entity URL, or /login without one', () => {
    expect(landingPath(permissionTreeFor('owner'))).toBe('/dashboard');
    expect(landingPath({ sms_portal: [{ entity: 'template', entity_url: '/template', actions: ['view'] }] })).toBe('/template');
    expect(landingPath({ sms_portal: [] })).toBe('/login');
    expect(landingPath(null)).toBe('/login');
    expect(landingPath(undefined)).toBe('/login');
  });

  it('the owner has every entity with every action', () => {
    const tree = permissionTreeFor('owner');
    expect(tree.sms_portal.map((e) => e.entity)).toEqual(entities);
    for (const e of tree.sms_portal) expect(e.actions).toEqual([...ACTIONS]);
  });

  it('settings areas come after the product areas and only owners and admins have them', () => {
    const settings = ['company', 'audit_log', 'sub_accounts', 'api_keys', 'webhooks', 'gateway'] as const;
    expect(entities.slice(-settings.length)).toEqual([...settings]);
    for (const entity of settings) {
      expect(can(permissionTreeFor('owner'), entity, 'update'), entity).toBe(true);
      expect(can(permissionTreeFor('admin'), entity, 'update'), entity).toBe(true);
      for (const role of ['marketer', 'reviewer', 'viewer'] as const)
        expect(can(permissionTreeFor(role), entity, 'view'), `${role} ${entity}`).toBe(false);
    }
  });

  it('the admin has everything but billing', () => {
    const tree = permissionTreeFor('admin');
    expect(tree.sms_portal.map((e) => e.entity)).toEqual(entities.filter((e) => e !== 'billing'));
    expect(can(tree, 'user_management', 'update')).toBe(true);
    expect(can(tree, 'billing', 'view')).toBe(false);
  });

  it('the viewer only reads: no create, update, delete, approve or send on any product area', () => {
    const tree = permissionTreeFor('viewer');
    for (const e of tree.sms_portal) {
      expect(e.actions, e.entity).toContain('view');
      for (const action of ['update', 'delete', 'approve', 'send'] as const) expect(e.actions, e.entity).not.toContain(action);
      // the only thing a viewer may create is a support request
      if (e.entity !== 'support') expect(e.actions, e.entity).not.toContain('create');
    }
    expect(can(tree, 'user_management', 'view')).toBe(false);
    expect(can(tree, 'billing', 'view')).toBe(false);
  });

  it('the reviewer can approve templates, senders and campaigns but not create them', () => {
    const tree = permissionTreeFor('reviewer');
    for (const entity of ['template', 'sender', 'campaign'] as const) {
      expect(can(tree, entity, 'approve'), entity).toBe(true);
      expect(can(tree, entity, 'create'), entity).toBe(false);
    }
  });

  it('the marketer sends campaigns but approves nothing', () => {
    const tree = permissionTreeFor('marketer');
    expect(can(tree, 'campaign', 'send')).toBe(true);
    expect(tree.sms_portal.some((e) => e.actions.includes('approve'))).toBe(false);
  });

  it('every role tree keeps the entity order and URLs, and lands on the dashboard', () => {
    for (const role of BUILTIN_ROLES) {
      const tree = permissionTreeFor(role);
      const order = tree.sms_portal.map((e) => entities.indexOf(e.entity as never));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      for (const e of tree.sms_portal) expect(e.entity_url).toBe(ENTITIES.find((x) => x.entity === e.entity)?.entity_url);
      expect(landingPath(tree)).toBe('/dashboard');
    }
  });

  it('actionsForPath matches the entity URL and its sub-paths only', () => {
    const tree = permissionTreeFor('reviewer');
    expect(actionsForPath(tree, '/template')).toEqual(['view', 'approve']);
    expect(actionsForPath(tree, '/template/42')).toEqual(['view', 'approve']);
    expect(actionsForPath(tree, '/templates')).toEqual([]);
    expect(actionsForPath(tree, '/users')).toEqual([]);
  });
});

describe('i18n catalogue', { timeout: 30_000 }, () => {
  const en = flatKeys(catalogue.en).sort();
  const ar = flatKeys(catalogue.ar).sort();
  const bases = (keys: string[]) => [...new Set(keys.map(pluralBase))].sort();
  const formsOf = (keys: string[], base: string) => keys.filter((k) => k !== base && pluralBase(k) === base);

  it('English and Arabic have the same keys (a key may be plural forms in one language and one text in the other)', () => {
    expect(en.length).toBeGreaterThan(100);
    expect(bases(ar)).toEqual(bases(en));
  });

  it('a plural key has every plural category of its language, and no plain text beside them', () => {
    for (const [lang, keys] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const categories = new Intl.PluralRules(lang)
        .resolvedOptions()
        .pluralCategories.map((c) => `_${c}`)
        .sort();
      for (const base of bases(keys)) {
        const forms = formsOf(keys, base);
        if (forms.length === 0) continue;
        expect(forms.map((k) => k.slice(base.length)).sort(), `${lang}: ${base}`).toEqual(categories);
        expect(keys.includes(base), `${lang}: ${base} is both plain and plural`).toBe(false);
      }
    }
    // Arabic has six categories; the catalogue uses them
    expect(formsOf(ar, 'groups.count.customers')).toHaveLength(6);
  });

  it('every value is a non-empty string with the same {{placeholders}} in both languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g)].map((m) => m[1]);
    // the forms of one key together; `count` may be spelled out ("one message", "رسالتان")
    const used = (lang: 'en' | 'ar', keys: string[], base: string) =>
      [...new Set([base, ...formsOf(keys, base)].filter((k) => keys.includes(k)).flatMap((k) => placeholders(translate(lang, k))))]
        .filter((p) => p !== 'count')
        .sort();
    for (const key of [...en, ...ar]) {
      const lang = en.includes(key) ? 'en' : 'ar';
      expect(translate(lang, key).trim(), `${lang}: ${key}`).not.toBe('');
    }
    for (const base of bases(en)) expect(used('ar', ar, base), base).toEqual(used('en', en, base));
  });

  it('every error code has errors.<CODE> in both languages', () => {
    const missing = ERROR_CODES.flatMap((code) =>
      (['en', 'ar'] as const).filter((lang) => !hasKey(lang, `errors.${code}`)).map((lang) => `${lang}:errors.${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('every validation.* key used by the shared schemas exists in both languages', () => {
    const dir = path.join(import.meta.dirname, 'schemas');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const m of source.matchAll(/['"`](validation\.[a-zA-Z.]+)['"`]/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(10);
    expect(used).toContain('validation.password.match');
    const missing = [...used].flatMap((key) =>
      (['en', 'ar'] as const).filter((lang) => !hasKey(lang, key)).map((lang) => `${lang}:${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('translates with parameters and falls back to the key when it is unknown', () => {
    expect(translate('en', 'errors.OTP_RESEND_COOLDOWN', { seconds: 42 })).toBe('Please wait 42 seconds before requesting another code.');
    expect(translate('ar', 'errors.OTP_RESEND_COOLDOWN', { seconds: 42 })).toContain('42');
    expect(translate('fr', 'errors.NOT_FOUND')).toBe('Resource not found');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it('picks the plural form of a numeric count in each language', () => {
    const summary = (lang: string, count: number) =>
      translate(lang, 'aiWriting.insights.summaryCount', { count, n: count, days: 30, urgent: 0, opportunities: 1 });
    expect(summary('en', 1)).toMatch(/^1 insight from/);
    expect(summary('en', 3)).toMatch(/^3 insights from/);
    expect(summary('ar', 1)).toMatch(/^ملاحظة واحدة/);
    expect(summary('ar', 2)).toMatch(/^ملاحظتان/);
    expect(summary('ar', 5)).toMatch(/^5 ملاحظات/);
    expect(summary('ar', 11)).toMatch(/^11 ملاحظة/);
  });

  it('translates a reason parameter, and a stored reason, in the reader’s language', () => {
    const reason = { key: 'gateway.smpp.bindTimeout', params: { seconds: 5 } };
    expect(translate('en', 'errors.CONNECTION_START_TIMEOUT', { reason })).toBe(
      `${translate('en', 'errors.CONNECTION_START_TIMEOUT', { reason: 'No bind response within 5 s' })}`,
    );
    expect(translate('ar', 'errors.CONNECTION_START_TIMEOUT', { reason })).toContain(
      translate('ar', 'gateway.smpp.bindTimeout', { seconds: 5 }),
    );
    expect(storedReasonText(storeReason(reason), 'ar')).toBe(translate('ar', 'gateway.smpp.bindTimeout', { seconds: 5 }));
    expect(storedReasonText('written before reasons were kept', 'ar')).toBe('written before reasons were kept');
    expect(storedReasonText('{"key": broken', 'en')).toBe('{"key": broken');
    expect(storedReasonText(null, 'en')).toBeNull();
  });
});
