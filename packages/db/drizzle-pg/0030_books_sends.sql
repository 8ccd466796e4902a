ALTER TABLE "books_exports" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_mappings" ADD COLUMN "granularity" text DEFAULT 'receipt' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "books_exports_one_pending_idx" ON "books_exports" USING btree ("department_id") WHERE "books_exports"."status" = 'pending';