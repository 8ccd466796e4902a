CREATE TABLE `leavings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`enrolment_id` integer NOT NULL,
	`date` text NOT NULL,
	`reason` text NOT NULL,
	`dues_paise` integer NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`undone_at` text,
	`undone_by` integer,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`enrolment_id`) REFERENCES `enrolments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`undone_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `leavings_student_idx` ON `leavings` (`student_id`);--> statement-breakpoint
CREATE TABLE `no_dues_certificate_numbers` (
	`department_id` integer PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `no_dues_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`number` integer NOT NULL,
	`student_id` integer NOT NULL,
	`leaving_id` integer NOT NULL,
	`issued_on` text NOT NULL,
	`paid_paise` integer NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`leaving_id`) REFERENCES `leavings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `no_dues_certificates_department_number_uq` ON `no_dues_certificates` (`department_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `no_dues_certificates_student_uq` ON `no_dues_certificates` (`student_id`);--> statement-breakpoint
CREATE INDEX `enrolments_left_idx` ON `enrolments` (`student_id`) WHERE "enrolments"."status" = 'left';