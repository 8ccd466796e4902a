CREATE TABLE `optional_head_opt_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`fee_head_id` integer NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fee_head_id`) REFERENCES `fee_heads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "optional_head_opt_ins_dates" CHECK("optional_head_opt_ins"."to_date" IS NULL OR "optional_head_opt_ins"."to_date" >= "optional_head_opt_ins"."from_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `optional_head_opt_ins_student_head_from_uq` ON `optional_head_opt_ins` (`student_id`,`fee_head_id`,`from_date`);--> statement-breakpoint
CREATE INDEX `optional_head_opt_ins_head_idx` ON `optional_head_opt_ins` (`fee_head_id`);--> statement-breakpoint
ALTER TABLE `fee_structures` ADD `optional` integer DEFAULT 0 NOT NULL;