import { permissionTreeFor } from '@risala/shared/permissions';
import { describe, expect, it } from 'vitest';
import { isNavActive, NAV_ENTRIES, visibleAccountMenu, visibleNavEntries } from './nav.ts';

describe('sidebar entries', () => {
  it("lists the 11 entries of spec §2 in order (the gateway is a setting, not a marketer's entry)", () => {
    expect(NAV_ENTRIES.map((e) => e.route)).toEqual([
      '/brand',
      '/sender-management',
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

  it('an owner sees every entry; a viewer has no sender management; the gateway is never a sidebar entry', () => {
    expect(visibleNavEntries(permissionTreeFor('owner'))).toHaveLength(11);
    expect(visibleNavEntries(permissionTreeFor('owner')).map((e) => e.route)).not.toContain('/gateway');
    expect(visibleNavEntries(permissionTreeFor('marketer')).map((e) => e.route)).toContain('/sender-management');
    expect(visibleNavEntries(permissionTreeFor('viewer')).map((e) => e.route)).not.toContain('/sender-management');
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
    '/gateway',
    '/audit-log',
    '/billing/invoices',
    '/billing/payments',
    '/notification-settings',
  ];

  it('shows the settings pages the tree grants, and notification settings to everyone', () => {
    expect(visibleAccountMenu(permissionTreeFor('owner'), all).map((e) => e.route)).toEqual(all);
    expect(visibleAccountMenu(permissionTreeFor('marketer'), all).map((e) => e.route)).toEqual(['/api-docs', '/notification-settings']);
  });

  it('the SMS gateway is a setting for those who run it: owners and admins, not marketers', () => {
    expect(visibleAccountMenu(permissionTreeFor('admin'), all).map((e) => e.route)).toContain('/gateway');
    expect(visibleAccountMenu(permissionTreeFor('marketer'), all).map((e) => e.route)).not.toContain('/gateway');
    const senderEditorWithoutGateway = {
      sms_portal: [{ entity: 'sender', entity_url: '/sender-management', actions: ['view', 'update'] }],
    };
    expect(visibleAccountMenu(senderEditorWithoutGateway as never, all).map((e) => e.route)).not.toContain('/gateway');
  });

  it('offers only pages that exist in this build', () => {
    expect(visibleAccountMenu(permissionTreeFor('owner'), ['/roles']).map((e) => e.route)).toEqual(['/roles']);
    expect(visibleAccountMenu(permissionTreeFor('owner'), [])).toEqual([]);
  });
});
