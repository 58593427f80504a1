/** The whole Arabic catalogue (the server's view). */
import areas from './ar-areas.ts';
import core from './ar-core.ts';
import server from './ar-server.ts';
import type { Messages } from './types.ts';

const messages: Messages = { ...core, ...areas, ...server };

export default messages;
