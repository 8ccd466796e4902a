ALTER TABLE `messages` ADD `family_student_ids` text;--> statement-breakpoint
-- A family reminder's children come from their own column (a JSON array the reminder run writes) instead of
-- the payload's text; the messages already queued keep the rows the payload gave them.
DROP TRIGGER message_students_insert;
--> statement-breakpoint
CREATE TRIGGER message_students_insert AFTER INSERT ON messages
WHEN NEW.family_student_ids IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO message_students (message_id, student_id)
  SELECT NEW.id, s.id FROM json_each(NEW.family_student_ids) j JOIN students s ON s.id = j.value;
END;
--> statement-breakpoint
UPDATE messages SET family_student_ids = (
  SELECT json_group_array(ms.student_id) FROM message_students ms WHERE ms.message_id = messages.id
)
WHERE id IN (SELECT message_id FROM message_students);
