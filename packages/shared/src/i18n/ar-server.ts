/**
 * Arabic texts only the server uses: the AI features' own phrasing (message templates, a plan's
 * text, insights). Part of the catalogue (the parity tests read it) but never loaded by the web.
 */
import arAiWriting from './ar/aiWriting.json' with { type: 'json' };
import type { Messages } from './types.ts';

const messages: Messages = { aiWriting: arAiWriting };

export default messages;
