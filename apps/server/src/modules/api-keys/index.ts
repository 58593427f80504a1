/**
 * The API keys module's front door: the /api/api-keys routes, the public API (/api/v1) with its
 * key authentication, and `verifyApiKey` for other entry points (the SMPP server for clients).
 */
export { type ApiKeyPrincipal, keyCaller, verifyApiKey } from './api-keys.service.ts';
export { touchKey as touchApiKey } from './api-keys.repo.ts';
export { ipAllowed } from './credentials.ts';
export { KeyRateLimiter } from './key-auth.ts';
