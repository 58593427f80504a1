/**
 * The templates module's front door: what other modules and the routes table may use. Everything
 * else in modules/templates is its own business (a test keeps imports to this file).
 */
export { assertTemplateApproved } from './review.service.ts';
export { findTemplate } from './templates.repo.ts';
export { emailHtmlRenderer, emailRenderer, escapeHtml, textToHtml } from './email-render.ts';
export { hasVisibleContent, htmlToText, sanitizeEmailHtml } from './sanitize.ts';
export { createTemplate, customerValues, renderer, UNTRACKED_SYSTEM_VALUES } from './templates.service.ts';
export { renderDesign } from './design.ts';
