ALTER TABLE `batches` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `batches` ADD `updated_at` text;--> statement-breakpoint
ALTER TABLE `students` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `discounts` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_structures` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_structures` ADD `updated_at` text;--> statement-breakpoint
ALTER TABLE `receipts` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `backdate_limit_days` integer DEFAULT 62 NOT NULL;