/**
 * Public tracking endpoints under /t (no session; every link is HMAC-signed — a changed id, URL or
 * signature answers 404): the open pixel, the click redirect, and unsubscribe — a confirmation
 * page (GET, en/ar by the customer's language) whose form, like a mail client's RFC 8058
 * one-click POST, turns the customer's email consent off.
 */
import { translate } from '@risala/shared/i18n/index.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../templates/index.ts';
import { AppError } from '../../lib/errors.ts';
import { markClicked, markOpened, signedMessage, unsubscribe } from './tracking.service.ts';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), sig: z.string().max(64) });

function page(lang: string, body: string) {
  const t = (k: string) => escapeHtml(translate(lang, `campaigns.email.${k}`));
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${t('unsubscribeTitle')}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1 style="font-size:1.25rem">${t('unsubscribeTitle')}</h1>${body}</body></html>`;
}

export function trackingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` form-encoded
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.get(
      '/o/:id/:sig',
      {
        schema: {
          params: params.extend({
            sig: z
              .string()
              .max(64)
              .regex(/\.gif$/),
          }),
        },
      },
      async (req, reply) => {
        const m = await signedMessage(ctx, 'o', req.params.id, req.params.sig.replace(/\.gif$/, ''));
        await markOpened(ctx, m);
        return reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL);
      },
    );
    app.get('/c/:id/:sig', { schema: { params, querystring: z.object({ u: z.string().max(4000) }) } }, async (req, reply) => {
      const target = req.query.u;
      if (!/^https?:\/\//i.test(target)) throw new AppError('NOT_FOUND');
      const m = await signedMessage(ctx, 'c', req.params.id, req.params.sig, target);
      await markClicked(ctx, m, target);
      return reply.redirect(target, 302);
    });
    app.get('/u/:id/:sig', { schema: { params } }, async (req, reply) => {
      const m = await signedMessage(ctx, 'u', req.params.id, req.params.sig);
      const lang = m.language === 'ar' ? 'ar' : 'en';
      const t = (k: string) => escapeHtml(translate(lang, `campaigns.email.${k}`));
      const form = `<p>${t('unsubscribeConfirm')}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${t('unsubscribeButton')}</button></form>`;
      return reply.header('content-type', 'text/html; charset=utf-8').send(page(lang, form));
    });
    app.post('/u/:id/:sig', { schema: { params } }, async (req, reply) => {
      const m = await signedMessage(ctx, 'u', req.params.id, req.params.sig);
      await unsubscribe(ctx, m);
      const lang = m.language === 'ar' ? 'ar' : 'en';
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .send(page(lang, `<p>${escapeHtml(translate(lang, 'campaigns.email.unsubscribed'))}</p>`));
    });
  };
}
