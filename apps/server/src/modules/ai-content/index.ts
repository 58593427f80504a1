/**
 * AI content: message variants for SMS, email and WhatsApp in English or Arabic, written
 * by the built-in templates or a model and checked before anyone sees them, and the briefs that
 * ground them. Plans reuse the same writing for their segments' variants.
 */
export { canWriteContent } from './content-guard.ts';
export { builtinVariants, type ContentRequest, contentFacts, contentRequest, generateContent, writeVariants } from './content.service.ts';
export { briefText } from './briefs.ts';
