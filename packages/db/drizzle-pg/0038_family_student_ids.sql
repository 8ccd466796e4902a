ALTER TABLE "messages" ADD COLUMN "family_student_ids" text;--> statement-breakpoint
-- A family reminder's children come from their own column (a JSON array the reminder run writes) instead of
-- the payload's text: the twin of SQLite's trigger of the same name. The messages already queued keep the rows
-- the payload gave them.
CREATE OR REPLACE FUNCTION message_students_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_students (message_id, student_id)
  SELECT NEW.id, s.id FROM json_array_elements_text(NEW.family_student_ids::json) j
  JOIN students s ON s.id = j.value::integer
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER message_students_insert ON messages;
--> statement-breakpoint
CREATE TRIGGER message_students_insert AFTER INSERT ON messages
FOR EACH ROW WHEN (NEW.family_student_ids IS NOT NULL)
EXECUTE FUNCTION message_students_insert();
--> statement-breakpoint
UPDATE messages m SET family_student_ids = f.ids
FROM (
  SELECT message_id, json_agg(student_id ORDER BY student_id)::text AS ids FROM message_students GROUP BY message_id
) f
WHERE f.message_id = m.id;
