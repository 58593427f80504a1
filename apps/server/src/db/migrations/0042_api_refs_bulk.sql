-- Webhooks' message.status finds the public API caller's reference by the send's bulk id: one
-- batched lookup per emitted batch, by index rather than over all of an account's references.
CREATE INDEX IF NOT EXISTS "api_message_refs_bulk_idx" ON "api_message_refs" ("account_id", "bulk_id");
