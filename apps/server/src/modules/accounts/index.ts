/**
 * The accounts module's front door: setting up a new account (tenant) with its owner.
 */
export { createAccountWithOwner, createChildAccount, signUpProfile } from './provisioning.ts';
export { syncBuiltinRoles } from './builtin-roles.ts';
