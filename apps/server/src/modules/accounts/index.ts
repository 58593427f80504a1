/**
 * The accounts module's front door: setting up a new account (tenant) with its owner.
 */
export { createAccountWithOwner } from './provisioning.ts';
