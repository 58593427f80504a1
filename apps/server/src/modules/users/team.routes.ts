import { idParamSchema } from '@risala/shared';
import {
  acceptedEnvelopeSchema,
  acceptInvitationSchema,
  changeRoleSchema,
  invitationPreviewEnvelopeSchema,
  invitationTokenSchema,
  inviteSchema,
  removedInvitationEnvelopeSchema,
  teamMemberEnvelopeSchema,
  teamPageEnvelopeSchema,
  teamQuerySchema,
} from '@risala/shared/schemas/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { requireAuth, requirePermission, setSessionCookies } from '../auth/index.ts';
import * as invitations from './invitations.service.ts';
import * as team from './team.service.ts';

/** /api/users — the team (permission tree: user_management). */
export function teamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['team'];
    const member = { 200: teamMemberEnvelopeSchema };
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'Users and pending invitations (search, role, status)',
          querystring: teamQuerySchema,
          response: { 200: teamPageEnvelopeSchema },
        },
        preHandler: requirePermission('user_management', 'view'),
      },
      async (req, reply) => ok(reply, await team.listTeam(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/invitations',
      {
        schema: { tags, summary: 'Invite a colleague by email', body: inviteSchema, response: { 201: teamMemberEnvelopeSchema } },
        preHandler: requirePermission('user_management', 'create'),
      },
      async (req, reply) => ok(reply, await invitations.invite(ctx, requireAuth(req), req.body, req.ip), 'Invitation sent', 201),
    );
    app.post(
      '/invitations/:id/resend',
      {
        schema: { tags, summary: 'Mail a new invitation link', params: idParamSchema, response: member },
        preHandler: requirePermission('user_management', 'create'),
      },
      async (req, reply) => ok(reply, await invitations.resend(ctx, requireAuth(req), req.params.id, req.ip), 'Invitation sent'),
    );
    app.delete(
      '/invitations/:id',
      {
        schema: { tags, summary: 'Revoke an invitation', params: idParamSchema, response: { 200: removedInvitationEnvelopeSchema } },
        preHandler: requirePermission('user_management', 'delete'),
      },
      async (req, reply) => ok(reply, await invitations.revoke(ctx, requireAuth(req), req.params.id, req.ip), 'Invitation revoked'),
    );
    app.patch(
      '/:id/role',
      {
        schema: { tags, summary: "Change a user's role", params: idParamSchema, body: changeRoleSchema, response: member },
        preHandler: requirePermission('user_management', 'update'),
      },
      async (req, reply) =>
        ok(reply, await team.changeRole(ctx, requireAuth(req), req.params.id, req.body.role_id, req.ip), 'Role changed'),
    );
    for (const [path, active] of [
      ['/:id/deactivate', false],
      ['/:id/reactivate', true],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: active ? 'Reactivate a user' : 'Deactivate a user (their sessions end at once)',
            params: idParamSchema,
            response: member,
          },
          preHandler: requirePermission('user_management', 'update'),
        },
        async (req, reply) => ok(reply, await team.setActive(ctx, requireAuth(req), req.params.id, active, req.ip)),
      );
    }
    app.post(
      '/:id/approve',
      {
        schema: { tags, summary: 'Approve a user: their campaigns stop waiting for approval', params: idParamSchema, response: member },
        preHandler: requirePermission('user_management', 'approve'),
      },
      async (req, reply) => ok(reply, await team.approveUser(ctx, requireAuth(req), req.params.id, req.ip), 'User approved'),
    );
  };
}

/** /api/invitations — public: what a link invites to, and accepting it. */
export function invitationPublicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['team'];
    app.post(
      '/preview',
      {
        schema: {
          tags,
          summary: 'What an invitation link invites to',
          body: invitationTokenSchema,
          response: { 200: invitationPreviewEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await invitations.preview(ctx, req.body.token)),
    );
    app.post(
      '/accept',
      {
        schema: {
          tags,
          summary: 'Accept: set a password, join the account, sign in',
          body: acceptInvitationSchema,
          response: { 200: acceptedEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const meta = { ip: req.ip, userAgent: req.headers['user-agent'], lang: requestLanguage(req) };
        const accepted = await invitations.accept(ctx, req.body, meta);
        if ('token' in accepted) setSessionCookies(ctx, reply, accepted.token, accepted.user.id);
        return ok(reply, accepted, 'Invitation accepted');
      },
    );
  };
}
