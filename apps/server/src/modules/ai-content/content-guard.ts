import { can } from '@risala/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../auth/index.ts';

/** Writing a message is part of making a template, a campaign or a content item: any of those rights will do. */
export async function canWriteContent(request: FastifyRequest) {
  const auth = requireAuth(request);
  const allowed = (['template', 'campaign', 'content'] as const).some((entity) => can(auth.permissions, entity, 'create'));
  if (!allowed) throw new AppError('FORBIDDEN');
}
