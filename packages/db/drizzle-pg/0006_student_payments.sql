CREATE TABLE "student_payments" (
	"student_id" integer NOT NULL,
	"date" text NOT NULL,
	"number" integer NOT NULL,
	"line_id" integer NOT NULL,
	"fee_head_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "student_payments_student_id_date_number_line_id_pk" PRIMARY KEY("student_id","date","number","line_id")
);
--> statement-breakpoint
CREATE FUNCTION receipt_lines_payments_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
  SELECT NEW.student_id, date, number, NEW.id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipt_lines_payments_insert AFTER INSERT ON receipt_lines
FOR EACH ROW EXECUTE FUNCTION receipt_lines_payments_insert();
--> statement-breakpoint
CREATE FUNCTION receipt_lines_payments_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payments WHERE student_id = OLD.student_id AND line_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipt_lines_payments_delete AFTER DELETE ON receipt_lines
FOR EACH ROW EXECUTE FUNCTION receipt_lines_payments_delete();
--> statement-breakpoint
CREATE FUNCTION receipt_lines_payments_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payments WHERE student_id = OLD.student_id AND line_id = OLD.id;
  INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
  SELECT NEW.student_id, date, number, NEW.id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipt_lines_payments_update AFTER UPDATE OF id, receipt_id, student_id, fee_head_id, amount_paise ON receipt_lines
FOR EACH ROW EXECUTE FUNCTION receipt_lines_payments_update();
--> statement-breakpoint
CREATE FUNCTION receipts_payments_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payments
  WHERE student_id IN (SELECT student_id FROM receipt_lines WHERE receipt_id = OLD.id)
    AND line_id IN (SELECT id FROM receipt_lines WHERE receipt_id = OLD.id);
  INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
  SELECT student_id, NEW.date, NEW.number, id, fee_head_id, amount_paise FROM receipt_lines
  WHERE receipt_id = NEW.id AND NEW.status = 'live';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_payments_update AFTER UPDATE OF status, date, number ON receipts
FOR EACH ROW WHEN ((OLD.status = 'live') <> (NEW.status = 'live')
  OR (NEW.status = 'live' AND (OLD.date <> NEW.date OR OLD.number <> NEW.number)))
EXECUTE FUNCTION receipts_payments_update();
--> statement-breakpoint
CREATE FUNCTION receipts_payments_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payments
  WHERE student_id IN (SELECT student_id FROM receipt_lines WHERE receipt_id = OLD.id)
    AND line_id IN (SELECT id FROM receipt_lines WHERE receipt_id = OLD.id);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_payments_delete BEFORE DELETE ON receipts
FOR EACH ROW WHEN (OLD.status = 'live') EXECUTE FUNCTION receipts_payments_delete();
--> statement-breakpoint
INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
SELECT rl.student_id, r.date, r.number, rl.id, rl.fee_head_id, rl.amount_paise
FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
WHERE r.status = 'live';
