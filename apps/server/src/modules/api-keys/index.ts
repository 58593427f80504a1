/**
 * The API keys module's front door: the /api/api-keys routes, the public API (/api/v1) with its
 * key authentication, and `verifyApiKey` for other entry points (the SMPP server for clients).
 */
export { type ApiKeyPrincipal, verifyApiKey } from './api-keys.service.ts';
export { ipAllowed } from './credentials.ts';
