CREATE TABLE `enrolments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`batch_id` integer NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `enrolments_student_idx` ON `enrolments` (`student_id`,`from_date`);--> statement-breakpoint
CREATE INDEX `enrolments_batch_idx` ON `enrolments` (`batch_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrolments_one_open_uq` ON `enrolments` (`student_id`) WHERE "enrolments"."status" = 'open';--> statement-breakpoint
CREATE INDEX `enrolments_ended_idx` ON `enrolments` (`student_id`) WHERE "enrolments"."status" <> 'open';--> statement-breakpoint
-- Every student starts with one open enrolment in today's batch, from their admission or the batch's start,
-- whichever is later; a student written afterwards, by whatever program, gets theirs from the trigger below.
INSERT INTO enrolments (student_id, batch_id, from_date, status)
  SELECT s.id, s.batch_id, CASE WHEN s.admission_date > b.start_date THEN s.admission_date ELSE b.start_date END, 'open'
  FROM students s JOIN batches b ON b.id = s.batch_id;
--> statement-breakpoint
CREATE TRIGGER `students_enrolment_insert` AFTER INSERT ON `students`
BEGIN
  INSERT INTO enrolments (student_id, batch_id, from_date, status)
    SELECT NEW.id, NEW.batch_id, CASE WHEN NEW.admission_date > b.start_date THEN NEW.admission_date ELSE b.start_date END, 'open'
    FROM batches b WHERE b.id = NEW.batch_id;
END;
