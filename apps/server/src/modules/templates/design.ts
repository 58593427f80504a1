import { AppError } from '../../lib/errors.ts';
import { sanitizeEmailHtml } from './sanitize.ts';

/**
 * A design of the visual builder (MJML) made into the email HTML that is stored and sent. The
 * server renders it, so the HTML always follows the stored design and no client can send HTML
 * that disagrees with it. mjml-browser: MJML 5 without file access (an <mj-include> reads
 * nothing), loaded on first use.
 */
let mjml: Promise<typeof import('mjml-browser').default> | null = null;

export async function renderDesign(design: string, field = 'mjml'): Promise<string> {
  if (!/^\s*<mjml[\s>]/i.test(design)) throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.invalid' }] });
  mjml ??= import('mjml-browser').then((m) => m.default);
  const render = await mjml;
  let html: string;
  try {
    // no web fonts (the builder's blocks name mail-safe ones), comments of the author dropped
    ({ html } = await render(design, { validationLevel: 'soft', fonts: {}, keepComments: false, minify: false }));
  } catch {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.invalid' }] });
  }
  return sanitizeEmailHtml(html);
}
