ALTER TABLE "routers" RENAME COLUMN "rule_ids" TO "rules_ids";--> statement-breakpoint
ALTER TABLE "routers" RENAME COLUMN "plugin_ids" TO "plugins_ids";
