CREATE TABLE `concession_scheme_members` (
	`scheme_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`joined_by` integer,
	PRIMARY KEY(`scheme_id`, `student_id`),
	FOREIGN KEY (`scheme_id`) REFERENCES `concession_schemes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`joined_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `concession_scheme_members_student_idx` ON `concession_scheme_members` (`student_id`);--> statement-breakpoint
CREATE TABLE `concession_scheme_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scheme_id` integer NOT NULL,
	`fee_head_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`batch_id` integer,
	`percent_basis_points` integer,
	`amount_paise` integer,
	FOREIGN KEY (`scheme_id`) REFERENCES `concession_schemes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fee_head_id`) REFERENCES `fee_heads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "concession_scheme_rules_one_kind" CHECK(("concession_scheme_rules"."percent_basis_points" IS NULL) <> ("concession_scheme_rules"."amount_paise" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `concession_scheme_rules_scheme_idx` ON `concession_scheme_rules` (`scheme_id`);--> statement-breakpoint
CREATE TABLE `concession_schemes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `concession_schemes_name_unique` ON `concession_schemes` (`name`);--> statement-breakpoint
ALTER TABLE `discounts` ADD `scheme_id` integer REFERENCES concession_schemes(id);--> statement-breakpoint
CREATE INDEX `discounts_scheme_idx` ON `discounts` (`scheme_id`);