import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { SANDBOX_SMS_SENDER } from '@risala/shared/schemas/senders';
import { SANDBOX_SAMPLE_TEMPLATES } from '@risala/shared/schemas/whatsapp';
import { emailSenders, smsSenders, whatsappSenders, whatsappTemplates } from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/crypto.ts';

/** The SMS sender id a sandbox account starts with (not one the account set up: see getting started). */
export { SANDBOX_SMS_SENDER };

/** The sandbox WhatsApp number of an account: ids starting with 9 are phone numbers in the simulator. */
export function sandboxWhatsAppIds(accountId: number) {
  return {
    phone_number_id: `9${String(accountId).padStart(14, '0')}`,
    phone_number: `+1555${String(accountId % 10_000_000).padStart(7, '0')}`,
  };
}

/**
 * A fresh account can send at once: an ACTIVE SMS sender id "Risala", and — when the server runs
 * against the sandbox peers — an email sender on the SMTP sink and a WhatsApp sender on the
 * Cloud API simulator (both ACTIVE, `is_sandbox`/provider `sandbox`) with the simulator's approved
 * sample templates.
 */
export async function seedSandboxSenders(tx: DbOrTx, account: { id: number; name: string }, config: Config) {
  // a sender id nobody reviewed is a sandbox convenience: production accounts request theirs
  if (!config.production)
    await tx.insert(smsSenders).values({
      account_id: account.id,
      ...SANDBOX_SMS_SENDER,
      sender_type: 'alphanumeric',
      status: 'ACTIVE',
      is_default: true,
      reviewed_at: new Date(),
    });
  if (config.sandbox) {
    await tx.insert(emailSenders).values({
      account_id: account.id,
      provider: 'sandbox',
      from_name: account.name,
      from_email: `account-${account.id}@sandbox.risala.local`,
      smtp_security: 'none',
      status: 'ACTIVE',
      verified_at: new Date(),
      is_default: true,
    });
  }
  if (config.whatsapp.sandbox) {
    await tx.insert(whatsappSenders).values({
      account_id: account.id,
      display_name: 'Risala Sandbox',
      ...sandboxWhatsAppIds(account.id),
      business_account_id: config.whatsapp.wabaId ?? 'sandbox',
      access_token_enc: config.whatsapp.accessToken ? encryptSecret(config.encryptionKey, config.whatsapp.accessToken) : null,
      app_secret_enc: encryptSecret(config.encryptionKey, config.whatsapp.appSecret),
      is_sandbox: true,
      status: 'ACTIVE',
      setup_completed_at: new Date(),
      is_default: true,
    });
    // approved samples (the simulator knows them): a demo can send a WhatsApp template at once
    const now = new Date();
    await tx.insert(whatsappTemplates).values(
      SANDBOX_SAMPLE_TEMPLATES.map((t) => ({
        account_id: account.id,
        name: t.name,
        language: t.language,
        category: t.category,
        components: t.components,
        status: 'APPROVED',
        external_id: t.external_id,
        waba_id: config.whatsapp.wabaId ?? 'sandbox',
        submitted_at: now,
        status_updated_at: now,
      })),
    );
  }
}
