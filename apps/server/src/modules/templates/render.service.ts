import type { EmailAssets, RenderedEmail, RenderEmailInput } from '@risala/shared/schemas/templates';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { publicImageUrl } from '../../storage/signing.ts';
import type { AuthContext } from '../auth/index.ts';
import { renderDesign } from './design.ts';
import { htmlToText, sanitizeEmailHtml } from './sanitize.ts';
import * as repo from './templates.repo.ts';
import { customerName, customerValues, UNTRACKED_SYSTEM_VALUES, rendition } from './templates.service.ts';

/**
 * POST /api/templates/render: an email being edited, before it is saved, as mail clients get it —
 * the same rendering a send uses — optionally with one customer's values. Nothing is stored.
 */
export async function renderEmail(ctx: AppContext, auth: AuthContext, input: RenderEmailInput): Promise<RenderedEmail> {
  const body = input.mjml ? await renderDesign(input.mjml) : sanitizeEmailHtml(input.html ?? '');
  let customer: RenderedEmail['customer'] = null;
  let values: Record<string, string | null> | undefined;
  if (input.customer_id) {
    const row = await repo.findCustomer(ctx.db, auth.accountId, input.customer_id);
    if (!row) throw new AppError('NOT_FOUND', { errors: [{ field: 'customer_id', message: 'errors.NOT_FOUND' }] });
    values = { ...customerValues(row), ...UNTRACKED_SYSTEM_VALUES };
    customer = { id: row.id, name: customerName(row) };
  }
  const mail = rendition({ subject: input.subject, html: body, template_text: htmlToText(body) }, values);
  return { ...mail, body_html: body, customer };
}

/** GET /api/templates/email-assets: library images and brands, with addresses a mail client can load. */
export async function emailAssets(ctx: AppContext, auth: AuthContext): Promise<EmailAssets> {
  const { images, brands } = await repo.emailAssetRows(ctx.db, auth.accountId);
  const url = (key: string) => publicImageUrl(ctx.config.publicUrl, ctx.config.jwtSecret, key);
  return {
    images: [
      ...images.map((i) => ({ id: i.id, title: i.title, source: 'content' as const, url: url(i.key) })),
      ...brands.flatMap((b) => (b.logo_key ? [{ id: b.id, title: b.name, source: 'logo' as const, url: url(b.logo_key) }] : [])),
    ],
    brands: brands.map((b) => ({
      id: b.id,
      name: b.name,
      colors: b.colors,
      logo_url: b.logo_key ? url(b.logo_key) : null,
      website: b.website,
      default_language: b.default_language === 'ar' ? 'ar' : 'en',
    })),
  };
}
