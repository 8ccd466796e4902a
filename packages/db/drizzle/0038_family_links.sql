CREATE TABLE `family_links` (
	`student_id` integer PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 1 NOT NULL,
	`revoked_at` text,
	`updated_by` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
