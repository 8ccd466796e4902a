-- A new receipt is written in two statements: first its row under a provisional negative number, with its lines,
-- parts and the student's own running totals; then, last, the counter's next number, the department's and the
-- course's running totals and the student's payments by number. Every receipt queues on the counter's row and on
-- the department's day rows until its COMMIT, so only that last, short statement runs while the queue waits.
CREATE OR REPLACE FUNCTION receipt_lines_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_head_paid AS t (student_id, fee_head_id, paid_paise)
  SELECT NEW.student_id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT (student_id, fee_head_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  INSERT INTO daily_head_collections AS t (department_id, date, fee_head_id, amount_paise)
  SELECT department_id, date, NEW.fee_head_id, NEW.amount_paise FROM receipts
  WHERE id = NEW.receipt_id AND status = 'live' AND number > 0
  ON CONFLICT (department_id, date, fee_head_id) DO UPDATE SET amount_paise = t.amount_paise + excluded.amount_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receipt_lines_payments_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
  SELECT NEW.student_id, date, number, NEW.id, NEW.fee_head_id, NEW.amount_paise FROM receipts
  WHERE id = NEW.receipt_id AND status = 'live' AND number > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receipt_payments_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_mode_collections AS t (department_id, date, payment_mode, receipt_count, part_count, total_paise, tax_paise, net_paise)
  SELECT department_id, date, NEW.payment_mode, CASE WHEN NEW.part_no = 1 THEN 1 ELSE 0 END, 1,
    NEW.amount_paise - NEW.tax_paise, NEW.tax_paise, NEW.amount_paise
  FROM receipts WHERE id = NEW.receipt_id AND status = 'live' AND number > 0
  ON CONFLICT (department_id, date, payment_mode) DO UPDATE SET receipt_count = t.receipt_count + excluded.receipt_count,
    part_count = t.part_count + excluded.part_count, total_paise = t.total_paise + excluded.total_paise,
    tax_paise = t.tax_paise + excluded.tax_paise, net_paise = t.net_paise + excluded.net_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER receipts_course_totals_insert ON receipts;
--> statement-breakpoint
CREATE TRIGGER receipts_course_totals_insert AFTER INSERT ON receipts
FOR EACH ROW WHEN (NEW.status = 'live' AND NEW.number > 0) EXECUTE FUNCTION receipts_course_totals_insert();
--> statement-breakpoint
-- The provisional receipt numbered: the totals its insert left out. Its payments by number come from
-- receipts_payments_update, which follows every change of a live receipt's number.
CREATE FUNCTION receipts_numbered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_batch_receipts AS t (course_id, batch_id, receipt_count, net_paise)
  VALUES (NEW.course_id, NEW.batch_id, 1, NEW.net_paise)
  ON CONFLICT (course_id, batch_id) DO UPDATE SET receipt_count = t.receipt_count + 1, net_paise = t.net_paise + excluded.net_paise;
  INSERT INTO daily_head_collections AS t (department_id, date, fee_head_id, amount_paise)
  SELECT NEW.department_id, NEW.date, fee_head_id, SUM(amount_paise) FROM receipt_lines WHERE receipt_id = NEW.id
  GROUP BY fee_head_id
  ON CONFLICT (department_id, date, fee_head_id) DO UPDATE SET amount_paise = t.amount_paise + excluded.amount_paise;
  INSERT INTO daily_mode_collections AS t (department_id, date, payment_mode, receipt_count, part_count, total_paise, tax_paise, net_paise)
  SELECT NEW.department_id, NEW.date, payment_mode, SUM(CASE WHEN part_no = 1 THEN 1 ELSE 0 END), COUNT(*),
    SUM(amount_paise - tax_paise), SUM(tax_paise), SUM(amount_paise)
  FROM receipt_payments WHERE receipt_id = NEW.id
  GROUP BY payment_mode
  ON CONFLICT (department_id, date, payment_mode) DO UPDATE SET receipt_count = t.receipt_count + excluded.receipt_count,
    part_count = t.part_count + excluded.part_count, total_paise = t.total_paise + excluded.total_paise,
    tax_paise = t.tax_paise + excluded.tax_paise, net_paise = t.net_paise + excluded.net_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_numbered AFTER UPDATE OF number ON receipts
FOR EACH ROW WHEN (OLD.number < 0 AND NEW.number > 0 AND NEW.status = 'live') EXECUTE FUNCTION receipts_numbered();
