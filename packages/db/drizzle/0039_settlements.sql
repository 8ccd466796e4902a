CREATE TABLE `settlement_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gateway` text NOT NULL,
	`entity_id` text NOT NULL,
	`type` text NOT NULL,
	`payment_id` text,
	`amount_paise` integer NOT NULL,
	`fee_paise` integer NOT NULL,
	`tax_paise` integer NOT NULL,
	`credit_paise` integer NOT NULL,
	`debit_paise` integer NOT NULL,
	`settlement_id` text NOT NULL,
	`utr` text NOT NULL,
	`settled_at` text NOT NULL,
	`settled_on` text NOT NULL,
	`source` text NOT NULL,
	`imported_by` integer,
	`imported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`imported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_lines_entity_idx` ON `settlement_lines` (`gateway`,`entity_id`);--> statement-breakpoint
CREATE INDEX `settlement_lines_settled_idx` ON `settlement_lines` (`settled_on`,`settlement_id`);--> statement-breakpoint
CREATE INDEX `settlement_lines_payment_idx` ON `settlement_lines` (`payment_id`);--> statement-breakpoint
ALTER TABLE `bank_statement_lines` ADD `settlement_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bank_statement_lines_settlement_idx` ON `bank_statement_lines` (`settlement_id`);