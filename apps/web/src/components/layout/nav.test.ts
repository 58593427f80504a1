import { permissionTreeFor } from '@risala/shared/permissions';
import { describe, expect, it } from 'vitest';
import { isNavActive, NAV_ENTRIES, visibleAccountMenu, visibleNavEntries } from './nav.ts';

describe('sidebar entries', () => {
  it('lists the 11 entries of spec §2 in order, and the gateway after the senders', () => {
    expect(NAV_ENTRIES.map((e) => e.route)).toEqual([
      '/brand',
      '/sender-management',
      '/gateway',
      '/template',
      '/content',
      '/customer',
      '/campaign',
      '/campaignhistory',
      '/message-history',
      '/dashboard',
      '/analytics',
      '/support',
    ]);
  });

  it('shows an entry when the tree has its entity_url, Support always, in sidebar order', () => {
    const tree = {
      sms_portal: [
        { entity: 'dashboard', entity_url: '/dashboard', actions: ['view' as const] },
        { entity: 'brand', entity_url: '/brand', actions: ['view' as const] },
      ],
    };
    expect(visibleNavEntries(tree).map((e) => e.route)).toEqual(['/brand', '/dashboard', '/support']);
  });

  it('no permissions → only Support', () => {
    expect(visibleNavEntries(null).map((e) => e.route)).toEqual(['/support']);
    expect(visibleNavEntries({ sms_portal: [] }).map((e) => e.route)).toEqual(['/support']);
  });

  it('an owner sees every entry; a viewer has no sender management; the gateway is for those who run it (its own entity)', () => {
    expect(visibleNavEntries(permissionTreeFor('owner'))).toHaveLength(12);
    expect(visibleNavEntries(permissionTreeFor('admin')).map((e) => e.route)).toContain('/gateway');
    expect(visibleNavEntries(permissionTreeFor('marketer')).map((e) => e.route)).toContain('/sender-management');
    expect(visibleNavEntries(permissionTreeFor('marketer')).map((e) => e.route)).not.toContain('/gateway');
    expect(visibleNavEntries(permissionTreeFor('viewer')).map((e) => e.route)).not.toContain('/sender-management');
    const senderEditorWithoutGateway = {
      sms_portal: [{ entity: 'sender', entity_url: '/sender-management', actions: ['view', 'update'] }],
    };
    expect(visibleNavEntries(senderEditorWithoutGateway as never).map((e) => e.route)).not.toContain('/gateway');
  });
});

describe('isNavActive (by path prefix)', () => {
  it('matches the route and anything below it', () => {
    expect(isNavActive('/campaign', '/campaign')).toBe(true);
    expect(isNavActive('/campaign/', '/campaign')).toBe(true);
    expect(isNavActive('/campaign/new', '/campaign')).toBe(true);
    expect(isNavActive('/sender-management/email/setup', '/sender-management')).toBe(true);
  });

  it('compares by segment: /campaignhistory is not /campaign', () => {
    expect(isNavActive('/campaignhistory', '/campaign')).toBe(false);
    expect(isNavActive('/campaignhistory', '/campaignhistory')).toBe(true);
  });

  it('other paths are inactive', () => {
    expect(isNavActive('/', '/brand')).toBe(false);
    expect(isNavActive('/brandx', '/brand')).toBe(false);
    expect(isNavActive('/support', '/brand')).toBe(false);
  });
});

describe('visibleAccountMenu', () => {
  const all = [
    '/users',
    '/roles',
    '/company',
    '/sub-accounts',
    '/api-keys',
    '/api-docs',
    '/webhooks',
    '/audit-log',
    '/billing/invoices',
    '/billing/payments',
    '/notification-settings',
  ];

  it('shows the settings pages the tree grants, and notification settings to everyone', () => {
    expect(visibleAccountMenu(permissionTreeFor('owner'), all).map((e) => e.route)).toEqual(all);
    expect(visibleAccountMenu(permissionTreeFor('marketer'), all).map((e) => e.route)).toEqual(['/api-docs', '/notification-settings']);
  });

  it('offers only pages that exist in this build', () => {
    expect(visibleAccountMenu(permissionTreeFor('owner'), ['/roles']).map((e) => e.route)).toEqual(['/roles']);
    expect(visibleAccountMenu(permissionTreeFor('owner'), [])).toEqual([]);
  });
});
