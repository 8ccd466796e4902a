CREATE TABLE `student_payments` (
	`student_id` integer NOT NULL,
	`date` text NOT NULL,
	`number` integer NOT NULL,
	`line_id` integer NOT NULL,
	`fee_head_id` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	PRIMARY KEY(`student_id`, `date`, `number`, `line_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `receipt_lines_payments_insert` AFTER INSERT ON `receipt_lines`
BEGIN
  INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
  SELECT NEW.student_id, date, number, NEW.id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live';
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_lines_payments_delete` AFTER DELETE ON `receipt_lines`
BEGIN
  DELETE FROM student_payments WHERE student_id = OLD.student_id AND line_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_lines_payments_update` AFTER UPDATE OF id, receipt_id, student_id, fee_head_id, amount_paise ON `receipt_lines`
BEGIN
  DELETE FROM student_payments WHERE student_id = OLD.student_id AND line_id = OLD.id;
  INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
  SELECT NEW.student_id, date, number, NEW.id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live';
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_payments_update` AFTER UPDATE OF status, date, number ON `receipts`
WHEN (OLD.status = 'live') <> (NEW.status = 'live')
  OR (NEW.status = 'live' AND (OLD.date <> NEW.date OR OLD.number <> NEW.number))
BEGIN
  DELETE FROM student_payments
  WHERE student_id IN (SELECT student_id FROM receipt_lines WHERE receipt_id = OLD.id)
    AND line_id IN (SELECT id FROM receipt_lines WHERE receipt_id = OLD.id);
  INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
  SELECT student_id, NEW.date, NEW.number, id, fee_head_id, amount_paise FROM receipt_lines
  WHERE receipt_id = NEW.id AND NEW.status = 'live';
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_payments_delete` BEFORE DELETE ON `receipts` WHEN OLD.status = 'live'
BEGIN
  DELETE FROM student_payments
  WHERE student_id IN (SELECT student_id FROM receipt_lines WHERE receipt_id = OLD.id)
    AND line_id IN (SELECT id FROM receipt_lines WHERE receipt_id = OLD.id);
END;
--> statement-breakpoint
INSERT INTO student_payments (student_id, date, number, line_id, fee_head_id, amount_paise)
SELECT rl.student_id, r.date, r.number, rl.id, rl.fee_head_id, rl.amount_paise
FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
WHERE r.status = 'live'
ORDER BY rl.student_id, r.date, r.number, rl.id;
