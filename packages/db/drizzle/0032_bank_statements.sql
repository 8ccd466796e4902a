CREATE TABLE `bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`name` text NOT NULL,
	`mapping` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_accounts_department_name_idx` ON `bank_accounts` (`department_id`,`name`);--> statement-breakpoint
CREATE TABLE `bank_statement_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`statement_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`department_id` integer NOT NULL,
	`line_hash` text NOT NULL,
	`row_no` integer NOT NULL,
	`date` text NOT NULL,
	`narration` text NOT NULL,
	`reference` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`balance_paise` integer,
	`state` text NOT NULL,
	`match_rule` text,
	`receipt_id` integer,
	`part_no` integer,
	`proposed_student_id` integer,
	`ignored_reason` text,
	`decided_by` integer,
	`decided_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`statement_id`) REFERENCES `bank_statements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`proposed_student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_statement_lines_account_hash_idx` ON `bank_statement_lines` (`bank_account_id`,`line_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_statement_lines_receipt_part_idx` ON `bank_statement_lines` (`receipt_id`,`part_no`);--> statement-breakpoint
CREATE INDEX `bank_statement_lines_statement_idx` ON `bank_statement_lines` (`statement_id`,`row_no`);--> statement-breakpoint
CREATE TABLE `bank_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_account_id` integer NOT NULL,
	`department_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`file_hash` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`repeated_lines` integer NOT NULL,
	`imported_by` integer,
	`imported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`imported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_statements_account_hash_idx` ON `bank_statements` (`bank_account_id`,`file_hash`);--> statement-breakpoint
CREATE INDEX `bank_statements_department_idx` ON `bank_statements` (`department_id`);