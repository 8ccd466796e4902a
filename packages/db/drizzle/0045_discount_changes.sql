CREATE TABLE `discount_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`batch_id` integer,
	`fee_head_id` integer NOT NULL,
	`discount_change_paise` integer NOT NULL,
	`adjustment_change_paise` integer NOT NULL,
	`date` text NOT NULL,
	`source` text NOT NULL,
	`scheme_id` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`scheme_id`) REFERENCES `concession_schemes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `discount_changes_department_date_idx` ON `discount_changes` (`department_id`,`date`);--> statement-breakpoint
CREATE INDEX `discount_changes_student_head_idx` ON `discount_changes` (`student_id`,`fee_head_id`);--> statement-breakpoint
ALTER TABLE `ledger_mappings` ADD `concessions` text DEFAULT 'not_booked' NOT NULL;--> statement-breakpoint
ALTER TABLE `ledger_mappings` ADD `concession_ledger` text DEFAULT 'Fee concession' NOT NULL;
--> statement-breakpoint
-- Each discount there is already becomes one row of its history, dated the business day (Asia/Kolkata) of the audit
-- log's latest change to it, or today when the log has none; its author the user of that change while they exist.
INSERT INTO `discount_changes` (`department_id`, `student_id`, `batch_id`, `fee_head_id`, `discount_change_paise`,
  `adjustment_change_paise`, `date`, `source`, `scheme_id`, `user_id`)
SELECT s.`department_id`, d.`student_id`, s.`batch_id`, d.`fee_head_id`, d.`discount_paise`, d.`adjustment_paise`,
  COALESCE(
    (SELECT date(a.`at`, '+330 minutes') FROM `audit_log` a
      WHERE a.`entity` = 'discount' AND a.`entity_id` = CAST(d.`id` AS text) ORDER BY a.`id` DESC LIMIT 1),
    date('now', '+330 minutes')),
  'backfill', d.`scheme_id`,
  (SELECT u.`id` FROM `users` u WHERE u.`id` = (SELECT a.`user_id` FROM `audit_log` a
      WHERE a.`entity` = 'discount' AND a.`entity_id` = CAST(d.`id` AS text) ORDER BY a.`id` DESC LIMIT 1))
FROM `discounts` d JOIN `students` s ON s.`id` = d.`student_id`
WHERE d.`discount_paise` <> 0 OR d.`adjustment_paise` <> 0;
