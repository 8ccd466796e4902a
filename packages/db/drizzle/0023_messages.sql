CREATE TABLE `message_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`status` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_history_message_idx` ON `message_history` (`message_id`);--> statement-breakpoint
CREATE TABLE `message_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`department_id` integer NOT NULL,
	`event` text NOT NULL,
	`channel` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`dlt_template_id` text,
	`whatsapp_template` text,
	`whatsapp_language` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_templates_department_event_channel_uq` ON `message_templates` (`department_id`,`event`,`channel`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_key` text NOT NULL,
	`event` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`recipient_name` text DEFAULT '' NOT NULL,
	`department_id` integer,
	`student_id` integer,
	`receipt_number` integer,
	`payload` text DEFAULT '{}' NOT NULL,
	`subject` text,
	`body` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`not_before` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`claimed_by` text,
	`claimed_until` text,
	`provider_id` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_event_channel_recipient_uq` ON `messages` (`event_key`,`channel`,`recipient`);--> statement-breakpoint
CREATE INDEX `messages_status_not_before_idx` ON `messages` (`status`,`not_before`);--> statement-breakpoint
CREATE INDEX `messages_student_idx` ON `messages` (`student_id`);--> statement-breakpoint
CREATE INDEX `messages_department_created_idx` ON `messages` (`department_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_provider_idx` ON `messages` (`provider_id`);--> statement-breakpoint
CREATE TABLE `reminder_rules` (
	`batch_id` integer NOT NULL,
	`stage` text NOT NULL,
	`enabled` integer DEFAULT 0 NOT NULL,
	`days` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`batch_id`, `stage`),
	FOREIGN KEY (`batch_id`) REFERENCES `instalment_plans`(`batch_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `student_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`relation` text NOT NULL,
	`mobile` text,
	`email` text,
	`whatsapp` integer DEFAULT 0 NOT NULL,
	`reminders_opt_out` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_contacts_student_position_uq` ON `student_contacts` (`student_id`,`position`);--> statement-breakpoint
CREATE INDEX `student_contacts_mobile_idx` ON `student_contacts` (`mobile`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`event_id` text,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`signature_ok` integer NOT NULL,
	`body` text NOT NULL,
	`outcome` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_provider_event_idx` ON `webhook_deliveries` (`provider`,`event_id`);--> statement-breakpoint
ALTER TABLE `students` ADD `reminders_opt_out` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `quiet_hours_start` text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `quiet_hours_end` text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `summary_recipients` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `summary_time` text DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `send_rate_per_second` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `email_price_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `sms_price_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `whatsapp_price_paise` integer DEFAULT 0 NOT NULL;