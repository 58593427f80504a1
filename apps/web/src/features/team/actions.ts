/**
 * What the team list offers on a row, and why an action is unavailable (the server has the same
 * rules: CANNOT_CHANGE_SELF, OWNER_ONLY, LAST_OWNER). Pure, so it is unit-tested.
 */
import type { TeamMember } from '@risala/shared/schemas/team';

export type RowAction = 'changeRole' | 'deactivate' | 'reactivate' | 'approve' | 'resend' | 'revoke';
export type Unavailable = 'self' | 'ownerOnly' | 'lastOwner';

export interface RowActionState {
  action: RowAction;
  /** set when the action is shown but cannot be taken: the reason the menu gives */
  unavailable?: Unavailable;
}

export interface Viewer {
  /** the signed-in user's role key ('owner', 'admin', …) */
  role: string | null;
  /** active owners of the account */
  activeOwners: number;
  canUpdate: boolean;
  canApprove: boolean;
  canInvite: boolean;
  canRevoke: boolean;
}

/** The status chips of a row: its status, plus "needs approval" for a user (or invitee) whose campaigns wait for approval. */
export function chipsOf(member: Pick<TeamMember, 'status' | 'approved_user'>): string[] {
  const chips = [member.status.toLowerCase()];
  if (!member.approved_user && member.status !== 'INACTIVE') chips.push('needsApproval');
  return chips;
}

export function rowActions(member: TeamMember, viewer: Viewer): RowActionState[] {
  if (member.kind === 'invitation') {
    return [...(viewer.canInvite ? [{ action: 'resend' as const }] : []), ...(viewer.canRevoke ? [{ action: 'revoke' as const }] : [])];
  }
  const out: RowActionState[] = [];
  const isOwner = member.role === 'owner';
  const lastOwner = isOwner && member.status === 'ACTIVE' && viewer.activeOwners <= 1;
  const ownerOnly = isOwner && viewer.role !== 'owner';
  if (viewer.canUpdate) {
    out.push({ action: 'changeRole', unavailable: ownerOnly ? 'ownerOnly' : lastOwner ? 'lastOwner' : undefined });
    const toggle = member.status === 'ACTIVE' ? 'deactivate' : 'reactivate';
    out.push({
      action: toggle,
      unavailable: member.is_self ? 'self' : ownerOnly ? 'ownerOnly' : toggle === 'deactivate' && lastOwner ? 'lastOwner' : undefined,
    });
  }
  if (viewer.canApprove && !member.approved_user) out.push({ action: 'approve' });
  return out;
}
