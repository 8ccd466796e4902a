CREATE TABLE "student_payment_texts" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"lines" text NOT NULL,
	"last_date" text NOT NULL,
	"last_number" integer NOT NULL,
	"last_line_id" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION student_payments_texts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A line after the student's last one is appended; any other builds the text again.
  DELETE FROM student_payment_texts
  WHERE student_id = NEW.student_id AND (last_date, last_number, last_line_id) >= (NEW.date, NEW.number, NEW.line_id);
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, (SELECT string_agg(date || ',' || fee_head_id || ',' || amount_paise, ' ' ORDER BY date, number, line_id) FROM student_payments WHERE student_id = NEW.student_id), date, number, line_id
  FROM student_payments WHERE student_id = NEW.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = NEW.student_id)
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  UPDATE student_payment_texts
  SET lines = lines || ' ' || NEW.date || ',' || NEW.fee_head_id || ',' || NEW.amount_paise,
    last_date = NEW.date, last_number = NEW.number, last_line_id = NEW.line_id
  WHERE student_id = NEW.student_id AND (last_date, last_number, last_line_id) < (NEW.date, NEW.number, NEW.line_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_payments_texts_insert AFTER INSERT ON student_payments
FOR EACH ROW EXECUTE FUNCTION student_payments_texts_insert();
--> statement-breakpoint
CREATE FUNCTION student_payments_texts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payment_texts WHERE student_id = OLD.student_id;
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, (SELECT string_agg(date || ',' || fee_head_id || ',' || amount_paise, ' ' ORDER BY date, number, line_id) FROM student_payments WHERE student_id = OLD.student_id), date, number, line_id
  FROM student_payments WHERE student_id = OLD.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = OLD.student_id)
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_payments_texts_delete AFTER DELETE ON student_payments
FOR EACH ROW EXECUTE FUNCTION student_payments_texts_delete();
--> statement-breakpoint
CREATE FUNCTION student_payments_texts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payment_texts WHERE student_id IN (OLD.student_id, NEW.student_id);
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, (SELECT string_agg(date || ',' || fee_head_id || ',' || amount_paise, ' ' ORDER BY date, number, line_id) FROM student_payments WHERE student_id = OLD.student_id), date, number, line_id
  FROM student_payments WHERE student_id = OLD.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = OLD.student_id)
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, (SELECT string_agg(date || ',' || fee_head_id || ',' || amount_paise, ' ' ORDER BY date, number, line_id) FROM student_payments WHERE student_id = NEW.student_id), date, number, line_id
  FROM student_payments WHERE student_id = NEW.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = NEW.student_id)
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_payments_texts_update AFTER UPDATE ON student_payments
FOR EACH ROW EXECUTE FUNCTION student_payments_texts_update();
--> statement-breakpoint
INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
SELECT p.student_id, (SELECT string_agg(date || ',' || fee_head_id || ',' || amount_paise, ' ' ORDER BY date, number, line_id) FROM student_payments WHERE student_id = p.student_id), p.date, p.number, p.line_id
FROM student_payments p
WHERE NOT EXISTS (
  SELECT 1 FROM student_payments n WHERE n.student_id = p.student_id AND (n.date, n.number, n.line_id) > (p.date, p.number, p.line_id)
);
