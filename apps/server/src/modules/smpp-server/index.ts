/**
 * The SMPP server for clients (spec §3 API keys of type SMPP): main.ts starts the listener
 * (`startSmppServer`); every process listens to message status changes with `keepSmppReceipts`
 * (app-context.ts), so a receipt waits in the database whichever process saw the final state.
 */
export { keepSmppReceipts } from './receipts.ts';
export { type SmppServer, type SmppServerOptions, startSmppServer } from './server.ts';
