/**
 * The AI module's front door. Routes mount under /api/ai (routes.ts); later AI features (plans,
 * analytics, content) build on the provider interface, the tools and the metering exported here.
 */
export { loadAiConfig, type AiConfig } from './ai.config.ts';
export type { AiProvider, Billing, ChatTurn, ToolBox, ToolOutcome, ToolSpec, TurnResult } from './provider.ts';
export { loadSettings, resolveProvider } from './settings.service.ts';
export { createToolBox, TOOLS, type ToolContext, type ToolDef } from './tools/index.ts';
export { defineTool } from './tools/registry.ts';
export { checkDailyCap, recordUsage, usageToday, type AiFeature } from './usage.ts';
export { searchHelp, helpArticle, helpArticles } from './help/help-index.ts';
export type { GenerateRequest } from './provider.ts';
export { aiFeatureGate, prepareWriter, write, type Writer, type WriteEvent, type Written } from './generation.ts';
export { type Lang, questionLanguage } from './language.ts';
export { countFor } from './tools/audience.ts';
export { streamWriting } from './sse.ts';
// the built-in writer: the offer read from a request, messages from the phrase banks, their checks
export { extractOffer, requestLanguage } from './copy/offer.ts';
export { STYLES, type Style, stylesFor } from './copy/bank.ts';
export { type CopyBrief, composeSms, composeWhatsapp, productWords, whatsappComponents } from './copy/compose.ts';
export { composeEmail } from './copy/email.ts';
export { type Checks, checkVariant, passes, smsParts } from './copy/checks.ts';
