CREATE TABLE `promotion_students` (
	`promotion_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`action` text NOT NULL,
	`ended_enrolment_id` integer,
	`started_enrolment_id` integer,
	PRIMARY KEY(`promotion_id`, `student_id`),
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ended_enrolment_id`) REFERENCES `enrolments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`started_enrolment_id`) REFERENCES `enrolments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `promotion_students_student_idx` ON `promotion_students` (`student_id`);--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`from_batch_id` integer NOT NULL,
	`to_batch_id` integer NOT NULL,
	`date` text NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`undone_at` text,
	`undone_by` integer,
	FOREIGN KEY (`from_batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`undone_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `promotions_from_batch_idx` ON `promotions` (`from_batch_id`);--> statement-breakpoint
CREATE INDEX `promotions_to_batch_idx` ON `promotions` (`to_batch_id`);