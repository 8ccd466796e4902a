ALTER TABLE `books_exports` ADD `status` text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `books_exports_one_pending_idx` ON `books_exports` (`department_id`) WHERE "books_exports"."status" = 'pending';--> statement-breakpoint
ALTER TABLE `ledger_mappings` ADD `granularity` text DEFAULT 'receipt' NOT NULL;