CREATE TABLE `sponsor_receipt_allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sponsor_receipt_id` integer NOT NULL,
	`sponsorship_id` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	FOREIGN KEY (`sponsor_receipt_id`) REFERENCES `sponsor_receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sponsorship_id`) REFERENCES `sponsorships`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sponsor_receipt_allocations_positive" CHECK("sponsor_receipt_allocations"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE INDEX `sponsor_receipt_allocations_receipt_idx` ON `sponsor_receipt_allocations` (`sponsor_receipt_id`);--> statement-breakpoint
CREATE INDEX `sponsor_receipt_allocations_sponsorship_idx` ON `sponsor_receipt_allocations` (`sponsorship_id`);--> statement-breakpoint
CREATE TABLE `sponsor_receipt_numbers` (
	`department_id` integer PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sponsor_receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`number` integer NOT NULL,
	`sponsor_id` integer NOT NULL,
	`date` text NOT NULL,
	`mode` text NOT NULL,
	`reference` text,
	`amount_paise` integer NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sponsor_id`) REFERENCES `sponsors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sponsor_receipts_department_number_uq` ON `sponsor_receipts` (`department_id`,`number`);--> statement-breakpoint
CREATE INDEX `sponsor_receipts_sponsor_idx` ON `sponsor_receipts` (`sponsor_id`);--> statement-breakpoint
CREATE INDEX `sponsor_receipts_department_date_idx` ON `sponsor_receipts` (`department_id`,`date`);--> statement-breakpoint
CREATE TABLE `sponsors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`kind` text DEFAULT 'other' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sponsors_name_unique` ON `sponsors` (`name`);--> statement-breakpoint
CREATE TABLE `sponsorships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sponsor_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`enrolment_id` integer NOT NULL,
	`fee_head_id` integer NOT NULL,
	`date` text NOT NULL,
	`percent_basis_points` integer,
	`amount_paise` integer NOT NULL,
	`shortfall_paise` integer DEFAULT 0 NOT NULL,
	`shortfall_date` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`sponsor_id`) REFERENCES `sponsors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`enrolment_id`) REFERENCES `enrolments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fee_head_id`) REFERENCES `fee_heads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sponsorships_amount_positive" CHECK("sponsorships"."amount_paise" > 0),
	CONSTRAINT "sponsorships_shortfall_within" CHECK("sponsorships"."shortfall_paise" >= 0 AND "sponsorships"."shortfall_paise" <= "sponsorships"."amount_paise"
        AND ("sponsorships"."shortfall_paise" = 0) = ("sponsorships"."shortfall_date" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sponsorships_sponsor_enrolment_head_uq` ON `sponsorships` (`sponsor_id`,`enrolment_id`,`fee_head_id`);--> statement-breakpoint
CREATE INDEX `sponsorships_student_idx` ON `sponsorships` (`student_id`);