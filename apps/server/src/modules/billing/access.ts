/** Who may change the subscription: roles granted `billing` (owners by default; admins are not). */
import { can } from '@risala/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';

export type { AuthContext };

export function requireOwnerLike(auth: AuthContext): void {
  if (!can(auth.permissions, 'billing', 'update')) throw new AppError('NO_PERMISSION_ON_SUBSCRIPTION');
}
