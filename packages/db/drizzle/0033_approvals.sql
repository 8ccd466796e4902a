CREATE TABLE `approval_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`operation` text NOT NULL,
	`summary` text NOT NULL,
	`input` text NOT NULL,
	`entity_id` integer,
	`entity_version` integer,
	`reason` text NOT NULL,
	`requested_by` integer NOT NULL,
	`requested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`decided_at` text,
	`decision_reason` text,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `approval_requests_department_idx` ON `approval_requests` (`department_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `approval_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`void` integer DEFAULT 0 NOT NULL,
	`refund` integer DEFAULT 0 NOT NULL,
	`waiver` integer DEFAULT 0 NOT NULL,
	`reopen_day` integer DEFAULT 0 NOT NULL,
	`backdated` integer DEFAULT 0 NOT NULL,
	`discount_above_paise` integer
);
