import { z } from 'zod';
import { sessionSchema } from './auth.ts';
import { emailSchema, envelopeOf, languageSchema, nameSchema, pageOf, passwordSchema } from './common.ts';

/**
 * The team (/users): the account's users and its pending invitations in one list,
 * invitations, role changes, (de)activation and approval.
 */
export const TEAM_STATUSES = ['ACTIVE', 'INACTIVE', 'INVITED', 'EXPIRED'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

/** An invitation link works once, for this long; it is mailed again at most `resendsPerDay` times in any 24 h. */
export const INVITATION = { ttlHours: 72, resendsPerDay: 5 } as const;

export const teamQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'validation.min' }).default(1),
  limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(100, { error: 'validation.max' }).default(20),
  search: z.string().trim().max(200).optional(),
  role: z.string().trim().max(100).optional(),
  status: z.enum(TEAM_STATUSES).optional(),
});
export type TeamQuery = z.infer<typeof teamQuerySchema>;

export const teamMemberSchema = z.object({
  /** users: "user:<id>", invitations: "invitation:<id>" (one list, two kinds) */
  key: z.string(),
  kind: z.enum(['user', 'invitation']),
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: z.string(),
  role_name: z.string(),
  status: z.enum(TEAM_STATUSES),
  approved_user: z.boolean(),
  is_self: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamRoleSchema = z.object({ id: z.number().int(), key: z.string().nullable(), role_name: z.string() });

export const teamPageSchema = pageOf(teamMemberSchema).extend({
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  roles: z.array(teamRoleSchema),
});
export const teamPageEnvelopeSchema = envelopeOf(teamPageSchema);
export const teamMemberEnvelopeSchema = envelopeOf(teamMemberSchema);

export const inviteSchema = z.object({
  email: emailSchema,
  role_id: z.coerce.number({ error: 'validation.required' }).int().positive({ error: 'validation.required' }),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  language: languageSchema.optional(),
  /** the new user's campaigns wait for an owner's or admin's approval until the user is approved */
  needs_approval: z.boolean().optional(),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const changeRoleSchema = z.object({
  role_id: z.coerce.number({ error: 'validation.required' }).int().positive({ error: 'validation.required' }),
});
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const invitationTokenSchema = z.object({ token: z.string().trim().min(10, { error: 'validation.required' }).max(200) });

/** What the accept page shows before the invitee sets a password. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  account_name: z.string(),
  role_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.string(),
});
export const invitationPreviewEnvelopeSchema = envelopeOf(invitationPreviewSchema);

export const acceptInvitationSchema = z
  .object({
    token: z.string().trim().min(10, { error: 'validation.required' }).max(200),
    first_name: nameSchema(100),
    last_name: nameSchema(100),
    password: passwordSchema,
    confirm_password: z.string({ error: 'validation.required' }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.match' });
    }
  });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** Accepting signs the new user in (a session, as /login answers); without a session, the web sends them to sign in. */
export const acceptedEnvelopeSchema = envelopeOf(sessionSchema.partial().extend({ accepted: z.literal(true) }));
export const removedInvitationEnvelopeSchema = envelopeOf(z.object({ id: z.number().int() }));
