CREATE TABLE `message_students` (
	`message_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	PRIMARY KEY(`message_id`, `student_id`),
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_students_student_idx` ON `message_students` (`student_id`,`message_id`);--> statement-breakpoint
CREATE INDEX `messages_department_id_idx` ON `messages` (`department_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_department_status_id_idx` ON `messages` (`department_id`,`status`,`id`);--> statement-breakpoint
-- Each child a family reminder names in its payload (`"studentIds":"#12#15#"`), written by the message's
-- own INSERT whoever makes it (the reminder run, the bench's fill), then the reminders already queued.
-- Anything but digits between the #s names nobody, so a payload written by hand never fails its insert.
CREATE TRIGGER message_students_insert AFTER INSERT ON messages
WHEN NEW.event LIKE 'reminder_%' AND NEW.payload LIKE '%"studentIds":"#%'
BEGIN
  INSERT OR IGNORE INTO message_students (message_id, student_id)
  SELECT NEW.id, CAST(j.value AS integer)
  FROM json_each(CASE
    WHEN json_valid(NEW.payload) AND json_extract(NEW.payload, '$.studentIds') GLOB '#[0-9]*#'
      AND NOT json_extract(NEW.payload, '$.studentIds') GLOB '*[^0-9#]*'
      AND json_extract(NEW.payload, '$.studentIds') NOT LIKE '%##%'
    THEN '[' || replace(trim(json_extract(NEW.payload, '$.studentIds'), '#'), '#', ',') || ']'
    ELSE '[]' END) j
  WHERE CAST(j.value AS integer) IN (SELECT id FROM students);
END;
--> statement-breakpoint
INSERT OR IGNORE INTO message_students (message_id, student_id)
SELECT m.id, CAST(j.value AS integer)
FROM messages m, json_each(CASE
  WHEN json_valid(m.payload) AND json_extract(m.payload, '$.studentIds') GLOB '#[0-9]*#'
    AND NOT json_extract(m.payload, '$.studentIds') GLOB '*[^0-9#]*'
    AND json_extract(m.payload, '$.studentIds') NOT LIKE '%##%'
  THEN '[' || replace(trim(json_extract(m.payload, '$.studentIds'), '#'), '#', ',') || ']'
  ELSE '[]' END) j
WHERE m.event LIKE 'reminder_%' AND m.payload LIKE '%"studentIds":"#%'
  AND CAST(j.value AS integer) IN (SELECT id FROM students);
