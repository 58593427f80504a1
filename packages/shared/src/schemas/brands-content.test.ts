import { describe, expect, it } from 'vitest';
import { createBrandSchema } from './brands.ts';
import { contentRequirementIssues, createContentSchema } from './content.ts';
import { fileKeySchema } from './storage.ts';

describe('brand schema', () => {
  it('accepts #RRGGBB colours and http(s) websites; an empty website means none', () => {
    const ok = createBrandSchema.parse({ name: 'Nakheel', colors: ['#1a2B3c'], website: '' });
    expect(ok.website).toBeNull();
    expect(createBrandSchema.safeParse({ name: 'N', colors: ['#12345'] }).success).toBe(false);
    expect(createBrandSchema.safeParse({ name: 'N', website: 'ftp://x.example' }).success).toBe(false);
    expect(createBrandSchema.safeParse({ name: 'نخيل', default_language: 'ar' }).success).toBe(true);
    expect(createBrandSchema.safeParse({ name: '123' }).success).toBe(false);
  });
});

describe('content schema', () => {
  it('asks each type for what it needs', () => {
    expect(contentRequirementIssues({ type: 'text' })).toEqual([{ path: 'body', message: 'validation.required' }]);
    expect(contentRequirementIssues({ type: 'image', file_id: 3 })).toEqual([]);
    expect(contentRequirementIssues({ type: 'link', url: null })).toEqual([{ path: 'url', message: 'validation.required' }]);
    expect(createContentSchema.safeParse({ title: 'x', type: 'video', url: 'https://v.example/1' }).success).toBe(true);
    expect(createContentSchema.safeParse({ title: 'x', type: 'link', url: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('file keys', () => {
  it('match account-scoped uuid keys only', () => {
    expect(fileKeySchema.safeParse('acc_12/0f8fad5b-d9cb-469f-a165-70867728950e.png').success).toBe(true);
    expect(fileKeySchema.safeParse('acc_12/../secret.png').success).toBe(false);
    expect(fileKeySchema.safeParse('profile_pictures/user_1.png').success).toBe(false);
  });
});
