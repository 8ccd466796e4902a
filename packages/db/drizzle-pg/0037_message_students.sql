CREATE TABLE "message_students" (
	"message_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "message_students_message_id_student_id_pk" PRIMARY KEY("message_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "message_students" ADD CONSTRAINT "message_students_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_students" ADD CONSTRAINT "message_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_students_student_idx" ON "message_students" USING btree ("student_id","message_id");--> statement-breakpoint
CREATE INDEX "messages_department_id_idx" ON "messages" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "messages_department_status_id_idx" ON "messages" USING btree ("department_id","status","id");--> statement-breakpoint
-- Each child a family reminder names in its payload (`"studentIds":"#12#15#"`), written by the message's
-- own INSERT whoever makes it (the reminder run, the bench's fill): the plpgsql twin of SQLite's trigger
-- of the same name. Anything but digits between the #s names nobody, so such a payload never fails its insert.
CREATE FUNCTION message_students_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text := NEW.payload::json ->> 'studentIds';
BEGIN
  IF ids ~ '^#([0-9]{1,9}#)+$' THEN
    INSERT INTO message_students (message_id, student_id)
    SELECT NEW.id, s.id FROM students s
    WHERE s.id = ANY (string_to_array(trim(BOTH '#' FROM ids), '#')::integer[])
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_students_insert AFTER INSERT ON messages
FOR EACH ROW WHEN (NEW.event LIKE 'reminder_%' AND NEW.payload LIKE '%"studentIds":"#%')
EXECUTE FUNCTION message_students_insert();
--> statement-breakpoint
INSERT INTO message_students (message_id, student_id)
SELECT m.id, s.id
FROM messages m
CROSS JOIN LATERAL (SELECT m.payload::json ->> 'studentIds' AS ids) p
JOIN students s ON s.id = ANY (CASE WHEN p.ids ~ '^#([0-9]{1,9}#)+$'
  THEN string_to_array(trim(BOTH '#' FROM p.ids), '#')::integer[] ELSE '{}'::integer[] END)
WHERE m.event LIKE 'reminder_%' AND m.payload LIKE '%"studentIds":"#%'
ON CONFLICT DO NOTHING;
