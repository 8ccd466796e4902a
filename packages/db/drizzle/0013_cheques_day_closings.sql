CREATE TABLE `cheques` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receipt_id` integer NOT NULL,
	`department_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`bank` text NOT NULL,
	`instrument_no` text NOT NULL,
	`instrument_date` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`cleared_on` text,
	`bounced_on` text,
	`bounce_reason` text,
	`bounce_charge_paise` integer DEFAULT 0 NOT NULL,
	`settled_by` integer,
	`settled_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`settled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cheques_receipt_id_unique` ON `cheques` (`receipt_id`);--> statement-breakpoint
CREATE INDEX `cheques_department_status_idx` ON `cheques` (`department_id`,`status`);--> statement-breakpoint
CREATE INDEX `cheques_student_idx` ON `cheques` (`student_id`,`status`);--> statement-breakpoint
CREATE TABLE `day_closings` (
	`department_id` integer NOT NULL,
	`date` text NOT NULL,
	`closed_by` integer,
	`closed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`department_id`, `date`),
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `settings` ADD `staff_may_close_day` integer DEFAULT 0 NOT NULL;