-- The processes running against this database (issue 20): each holds the session advisory lock
-- (0x5249, id) while it lives, so a row whose lock nobody holds is a process that is gone. Used to
-- refuse local file storage that other processes cannot see, and by /ready (a worker is running).
CREATE TABLE "instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"storage" text NOT NULL,
	"files_marker" text,
	"worker_running" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
