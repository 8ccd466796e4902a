CREATE TABLE `verify_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`secret` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `department_id` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `admission_no` text;--> statement-breakpoint
UPDATE `audit_log` SET
  `department_id` = coalesce(json_extract(`after`, '$.departmentId'), json_extract(`after`, '$.depId'), json_extract(`before`, '$.departmentId'), json_extract(`before`, '$.depId'), json_extract(`before`, '$.student.departmentId'),
    (SELECT `department_id` FROM `students` WHERE `id` = coalesce(json_extract(`after`, '$.studentId'), json_extract(`before`, '$.studentId')))),
  `admission_no` = coalesce(json_extract(`after`, '$.admissionNo'), json_extract(`before`, '$.admissionNo'), json_extract(`before`, '$.student.admissionNo'),
    (SELECT `admission_no` FROM `students` WHERE `id` = coalesce(json_extract(`after`, '$.studentId'), json_extract(`before`, '$.studentId'))));--> statement-breakpoint
CREATE INDEX `audit_log_department_idx` ON `audit_log` (`department_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_user_idx` ON `audit_log` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_admission_idx` ON `audit_log` (`admission_no`,`id`);