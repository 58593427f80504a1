-- Fixed-window request counters shared by every replica (issue 14 item 3). Unlogged: a crash may
-- forget a window's count, never anything a user made.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_pk" PRIMARY KEY ("bucket", "key", "window_start")
);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "login_attempts_email_ip_idx" ON "login_attempts" USING btree ("email", "ip", "created_at");
