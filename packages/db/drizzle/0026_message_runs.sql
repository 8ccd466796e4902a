CREATE TABLE `message_runs` (
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`claimed_by` text NOT NULL,
	`claimed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`outcome` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`kind`, `day`)
);
