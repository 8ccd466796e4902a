CREATE TABLE `user_departments` (
	`user_id` integer NOT NULL,
	`department_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `department_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `user_departments_department_idx` ON `user_departments` (`department_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `users` SET `role` = 'accountant' WHERE `role` = 'user';--> statement-breakpoint
UPDATE `users` SET `name` = substr(`email`, 1, instr(`email`, '@') - 1) WHERE `name` = '';--> statement-breakpoint
INSERT INTO `user_departments` (`user_id`, `department_id`)
  SELECT `id`, `department_id` FROM `users` WHERE `department_id` IS NOT NULL AND `role` <> 'admin';
