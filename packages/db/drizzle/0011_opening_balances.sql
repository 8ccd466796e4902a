CREATE TABLE `opening_balances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`fee_head_id` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	`due_date` text NOT NULL,
	`note` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fee_head_id`) REFERENCES `fee_heads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "opening_balances_not_zero" CHECK("opening_balances"."amount_paise" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `opening_balances_student_head_uq` ON `opening_balances` (`student_id`,`fee_head_id`);--> statement-breakpoint
CREATE INDEX `opening_balances_fee_head_idx` ON `opening_balances` (`fee_head_id`);