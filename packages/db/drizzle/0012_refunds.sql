CREATE TABLE `refund_number_sequence` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `refund_number_sequence` (`id`, `last_number`) VALUES (1, 0);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` integer NOT NULL,
	`department_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`batch_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`date` text NOT NULL,
	`student_name` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`payment_mode` text NOT NULL,
	`payment_reference` text,
	`reason` text NOT NULL,
	`status` text DEFAULT 'live' NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`voided_at` text,
	`voided_by` integer,
	`void_reason` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`voided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_number_unique` ON `refunds` (`number`);--> statement-breakpoint
CREATE INDEX `refunds_department_date_idx` ON `refunds` (`department_id`,`date`);--> statement-breakpoint
CREATE INDEX `refunds_student_idx` ON `refunds` (`student_id`);--> statement-breakpoint
CREATE INDEX `refunds_date_idx` ON `refunds` (`date`);