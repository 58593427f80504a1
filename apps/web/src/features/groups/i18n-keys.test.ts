import { hasKey } from '@risala/shared/i18n/index.ts';
import { BLACKLIST_SORTS, BLACKLIST_STATUSES, BLACKLIST_TYPES, ENTRY_KINDS } from '@risala/shared/schemas/blacklists';
import { ATTRIBUTE_OPS, CONSENT_CHANNELS, FIELD_OPS, GROUP_STATUSES, GROUP_TYPES, SEGMENT_FIELDS } from '@risala/shared/schemas/groups';
import { describe, expect, it } from 'vitest';
import { CONDITION_TYPES } from './components/ConditionEditor.tsx';

const keys = [
  ...CONDITION_TYPES.map((k) => `groups.types.${k}`),
  ...[...FIELD_OPS, ...ATTRIBUTE_OPS, 'tags_any', 'tags_all', 'tags_none', 'group_in', 'group_not_in'].map((k) => `groups.ops.${k}`),
  ...SEGMENT_FIELDS.map((k) => `groups.fields.${k}`),
  ...CONSENT_CHANNELS.map((k) => `groups.channels.${k}`),
  ...GROUP_TYPES.flatMap((k) => [`groups.kind.${k}`, `groups.kindHint.${k}`]),
  ...GROUP_STATUSES.map((k) => `groups.status.${k}`),
  ...['created_at_desc', 'group_name_asc', 'group_name_desc', 'contacts_count_desc'].map((k) => `groups.list.sorts.${k}`),
  ...BLACKLIST_TYPES.map((k) => `blacklists.types.${k}`),
  ...BLACKLIST_STATUSES.map((k) => `blacklists.status.${k}`),
  ...ENTRY_KINDS.flatMap((k) => [`blacklists.kinds.${k}`, `blacklists.entries.placeholder.${k}`]),
  ...BLACKLIST_SORTS.filter((s) => s !== 'status').map((s) => `blacklists.list.sorts.${s}_${s === 'blacklist_name' ? 'asc' : 'desc'}`),
  'blacklists.list.sorts.blacklist_name_desc',
];

describe('groups and blacklists: keys built at run time', () => {
  it('exist in English and Arabic', () => {
    for (const key of keys) {
      expect(hasKey('en', key), `en: ${key}`).toBe(true);
      expect(hasKey('ar', key), `ar: ${key}`).toBe(true);
    }
  });
});
