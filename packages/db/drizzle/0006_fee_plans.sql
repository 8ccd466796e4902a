CREATE TABLE `department_payment_settings` (
	`department_id` integer PRIMARY KEY NOT NULL,
	`upi_id` text,
	`payee_name` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `fine_waivers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	`reason` text NOT NULL,
	`date` text NOT NULL,
	`created_by` integer,
	`created_by_email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `fine_waivers_student_idx` ON `fine_waivers` (`student_id`);--> statement-breakpoint
CREATE TABLE `instalment_amounts` (
	`instalment_id` integer NOT NULL,
	`fee_head_id` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	PRIMARY KEY(`instalment_id`, `fee_head_id`),
	FOREIGN KEY (`instalment_id`) REFERENCES `instalments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fee_head_id`) REFERENCES `fee_heads`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "instalment_amounts_not_negative" CHECK("instalment_amounts"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE `instalment_plans` (
	`batch_id` integer PRIMARY KEY NOT NULL,
	`fine_type` text,
	`fine_grace_days` integer,
	`fine_amount_paise` integer,
	`fine_per_day_paise` integer,
	`fine_cap_paise` integer,
	`fine_percent_basis_points` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `instalments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`due_date` text NOT NULL,
	`fine_type` text,
	`fine_grace_days` integer,
	`fine_amount_paise` integer,
	`fine_per_day_paise` integer,
	`fine_cap_paise` integer,
	`fine_percent_basis_points` integer,
	FOREIGN KEY (`batch_id`) REFERENCES `instalment_plans`(`batch_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `instalments_batch_idx` ON `instalments` (`batch_id`,`position`);