/** The whole English catalogue (the server's view). */
import areas from './en-areas.ts';
import core from './en-core.ts';
import server from './en-server.ts';
import type { Messages } from './types.ts';

const messages: Messages = { ...core, ...areas, ...server };

export default messages;
