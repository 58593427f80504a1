CREATE TABLE "batch_chunks" (
	"batch_id" integer NOT NULL,
	"after_id" bigint NOT NULL,
	CONSTRAINT "batch_chunks_batch_id_after_id_pk" PRIMARY KEY("batch_id","after_id")
);
--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD CONSTRAINT "batch_chunks_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;