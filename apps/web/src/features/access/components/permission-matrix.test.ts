import { describe, expect, it } from 'vitest';
import { toggleEntity, toggleGrant } from './PermissionMatrix.tsx';

describe('the permission matrix rules', () => {
  it('an action brings view with it, in the tree order', () => {
    expect(toggleGrant({}, 'customer', 'export', true)).toEqual({ customer: ['view', 'export'] });
  });
  it('taking view away takes the area away; another action leaves view', () => {
    const grants = { customer: ['view', 'create', 'export'] as const };
    expect(toggleGrant({ customer: [...grants.customer] }, 'customer', 'view', false)).toEqual({ customer: [] });
    expect(toggleGrant({ customer: [...grants.customer] }, 'customer', 'create', false)).toEqual({ customer: ['view', 'export'] });
  });
  it('the row box ticks exactly the actions the area has', () => {
    expect(toggleEntity({}, 'dashboard', true)).toEqual({ dashboard: ['view'] });
    expect(toggleEntity({}, 'api_keys', true)).toEqual({ api_keys: ['view', 'create', 'update', 'delete'] });
    expect(toggleEntity({ api_keys: ['view'] }, 'api_keys', false)).toEqual({ api_keys: [] });
  });
});
