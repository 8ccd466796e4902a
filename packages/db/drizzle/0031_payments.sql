CREATE TABLE `gateway_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gateway` text NOT NULL,
	`payment_id` text NOT NULL,
	`link_id` integer,
	`amount_paise` integer NOT NULL,
	`paid_at` text NOT NULL,
	`outcome` text NOT NULL,
	`receipt_id` integer,
	`flag` text,
	`via` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `payment_links`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gateway_payments_payment_idx` ON `gateway_payments` (`gateway`,`payment_id`);--> statement-breakpoint
CREATE INDEX `gateway_payments_link_idx` ON `gateway_payments` (`link_id`);--> statement-breakpoint
CREATE TABLE `payment_exceptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gateway` text NOT NULL,
	`department_id` integer,
	`link_id` integer,
	`payment_id` text,
	`amount_paise` integer NOT NULL,
	`problem` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`resolved_by` integer,
	`resolved_at` text,
	`resolution` text,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`link_id`) REFERENCES `payment_links`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payment_exceptions_status_idx` ON `payment_exceptions` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_exceptions_event_idx` ON `payment_exceptions` (`gateway`,`payment_id`,`problem`);--> statement-breakpoint
CREATE TABLE `payment_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gateway` text NOT NULL,
	`department_id` integer NOT NULL,
	`student_id` integer,
	`admission_no` text NOT NULL,
	`student_name` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`description` text NOT NULL,
	`reference_id` text NOT NULL,
	`gateway_link_id` text NOT NULL,
	`short_url` text NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`amount_paid_paise` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`poll_claimed_until` text,
	`last_polled_at` text,
	`poll_error` text,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_links_reference_id_unique` ON `payment_links` (`reference_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_links_gateway_link_id_unique` ON `payment_links` (`gateway_link_id`);--> statement-breakpoint
CREATE INDEX `payment_links_department_status_idx` ON `payment_links` (`department_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_links_student_idx` ON `payment_links` (`student_id`);