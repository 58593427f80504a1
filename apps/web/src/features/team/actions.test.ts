import type { TeamMember } from '@risala/shared/schemas/team';
import { describe, expect, it } from 'vitest';
import { chipsOf, rowActions, type Viewer } from './actions.ts';

const member = (over: Partial<TeamMember> = {}): TeamMember => ({
  key: 'user:1',
  kind: 'user',
  id: 1,
  email: 'a@example.com',
  full_name: 'A',
  role: 'marketer',
  role_name: 'marketer',
  status: 'ACTIVE',
  approved_user: true,
  is_self: false,
  expires_at: null,
  created_at: '2026-12-01T00:00:00.000Z',
  ...over,
});
const owner: Viewer = { role: 'owner', activeOwners: 1, canUpdate: true, canApprove: true, canInvite: true, canRevoke: true };

describe('row actions', () => {
  it('an invitation can be resent and revoked', () => {
    expect(rowActions(member({ kind: 'invitation', status: 'EXPIRED' }), owner).map((a) => a.action)).toEqual(['resend', 'revoke']);
    expect(rowActions(member({ kind: 'invitation' }), { ...owner, canRevoke: false }).map((a) => a.action)).toEqual(['resend']);
  });

  it('a user: change role, deactivate, and approve when they need approval', () => {
    expect(rowActions(member({ approved_user: false }), owner)).toEqual([
      { action: 'changeRole', unavailable: undefined },
      { action: 'deactivate', unavailable: undefined },
      { action: 'approve' },
    ]);
    expect(rowActions(member({ status: 'INACTIVE' }), owner)[1]).toEqual({ action: 'reactivate', unavailable: undefined });
  });

  it('says why: your own row, the last owner, an owner changed by a non-owner', () => {
    const self = rowActions(member({ is_self: true, role: 'owner' }), owner);
    expect(self).toEqual([
      { action: 'changeRole', unavailable: 'lastOwner' },
      { action: 'deactivate', unavailable: 'self' },
    ]);
    const twoOwners = rowActions(member({ role: 'owner' }), { ...owner, activeOwners: 2 });
    expect(twoOwners.every((a) => !a.unavailable)).toBe(true);
    const asAdmin = rowActions(member({ role: 'owner' }), { ...owner, role: 'admin', activeOwners: 2 });
    expect(asAdmin.map((a) => a.unavailable)).toEqual(['ownerOnly', 'ownerOnly']);
  });

  it('a viewer without rights gets no actions', () => {
    const none: Viewer = { role: 'viewer', activeOwners: 1, canUpdate: false, canApprove: false, canInvite: false, canRevoke: false };
    expect(rowActions(member({ approved_user: false }), none)).toEqual([]);
  });

  it('chips: status, plus needs approval', () => {
    expect(chipsOf({ status: 'ACTIVE', approved_user: false })).toEqual(['active', 'needsApproval']);
    expect(chipsOf({ status: 'INVITED', approved_user: true })).toEqual(['invited']);
    expect(chipsOf({ status: 'INACTIVE', approved_user: false })).toEqual(['inactive']);
  });
});
