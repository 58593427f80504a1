/** The whole Arabic catalogue (the server's view). */
import areas from './ar-areas.ts';
import core from './ar-core.ts';
import type { Messages } from './types.ts';

const messages: Messages = { ...core, ...areas };

export default messages;
