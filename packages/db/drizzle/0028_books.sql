CREATE TABLE `books_export_vouchers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`export_id` integer NOT NULL,
	`department_id` integer NOT NULL,
	`kind` text NOT NULL,
	`voucher_key` text NOT NULL,
	`date` text NOT NULL,
	`revision` integer NOT NULL,
	`voucher` text NOT NULL,
	FOREIGN KEY (`export_id`) REFERENCES `books_exports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `books_export_vouchers_department_idx` ON `books_export_vouchers` (`department_id`,`id`);--> statement-breakpoint
CREATE TABLE `books_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`date_from` text NOT NULL,
	`date_to` text NOT NULL,
	`granularity` text NOT NULL,
	`via` text NOT NULL,
	`voucher_count` integer NOT NULL,
	`reversal_count` integer NOT NULL,
	`tally_answer` text,
	`exported_by` integer,
	`exported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`exported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `books_exports_department_idx` ON `books_exports` (`department_id`,`id`);--> statement-breakpoint
CREATE TABLE `ledger_mapping_rows` (
	`department_id` integer NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`ledger` text NOT NULL,
	PRIMARY KEY(`department_id`, `kind`, `key`),
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `ledger_mappings` (
	`department_id` integer PRIMARY KEY NOT NULL,
	`company` text NOT NULL,
	`cost_centre` text,
	`refund_ledger` text NOT NULL,
	`gst_ledger` text NOT NULL,
	`updated_by` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
