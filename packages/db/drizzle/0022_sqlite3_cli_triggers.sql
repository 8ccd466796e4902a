-- The sqlite3 program of Debian 12 (3.40) and Ubuntu 22.04 (3.37) cannot read a schema holding an
-- aggregate with ORDER BY (SQLite 3.44): it refused the whole database and, loading an SQL dump, dropped
-- these three triggers. The same text is built by group_concat as a window function: SQLite feeds a
-- window's frame to its aggregate in the window's ORDER BY (3.25 and later), so the student's last line
-- carries all of them in receipt order.
DROP TRIGGER `student_payments_texts_insert`;
--> statement-breakpoint
DROP TRIGGER `student_payments_texts_delete`;
--> statement-breakpoint
DROP TRIGGER `student_payments_texts_update`;
--> statement-breakpoint
CREATE TRIGGER `student_payments_texts_insert` AFTER INSERT ON `student_payments`
BEGIN
  -- A line after the student's last one is appended; any other builds the text again.
  DELETE FROM student_payment_texts
  WHERE student_id = NEW.student_id AND (last_date, last_number, last_line_id) >= (NEW.date, NEW.number, NEW.line_id);
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, lines, date, number, line_id FROM (
    SELECT student_id, date, number, line_id,
      group_concat(date || ',' || fee_head_id || ',' || amount_paise, ' ') OVER (ORDER BY date, number, line_id ROWS UNBOUNDED PRECEDING) AS lines
    FROM student_payments
    WHERE student_id = NEW.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = NEW.student_id)
  )
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  UPDATE student_payment_texts
  SET lines = lines || ' ' || NEW.date || ',' || NEW.fee_head_id || ',' || NEW.amount_paise,
    last_date = NEW.date, last_number = NEW.number, last_line_id = NEW.line_id
  WHERE student_id = NEW.student_id AND (last_date, last_number, last_line_id) < (NEW.date, NEW.number, NEW.line_id);
END;
--> statement-breakpoint
CREATE TRIGGER `student_payments_texts_delete` AFTER DELETE ON `student_payments`
BEGIN
  DELETE FROM student_payment_texts WHERE student_id = OLD.student_id;
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, lines, date, number, line_id FROM (
    SELECT student_id, date, number, line_id,
      group_concat(date || ',' || fee_head_id || ',' || amount_paise, ' ') OVER (ORDER BY date, number, line_id ROWS UNBOUNDED PRECEDING) AS lines
    FROM student_payments
    WHERE student_id = OLD.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = OLD.student_id)
  )
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
END;
--> statement-breakpoint
CREATE TRIGGER `student_payments_texts_update` AFTER UPDATE ON `student_payments`
BEGIN
  DELETE FROM student_payment_texts WHERE student_id IN (OLD.student_id, NEW.student_id);
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, lines, date, number, line_id FROM (
    SELECT student_id, date, number, line_id,
      group_concat(date || ',' || fee_head_id || ',' || amount_paise, ' ') OVER (ORDER BY date, number, line_id ROWS UNBOUNDED PRECEDING) AS lines
    FROM student_payments
    WHERE student_id = OLD.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = OLD.student_id)
  )
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, lines, date, number, line_id FROM (
    SELECT student_id, date, number, line_id,
      group_concat(date || ',' || fee_head_id || ',' || amount_paise, ' ') OVER (ORDER BY date, number, line_id ROWS UNBOUNDED PRECEDING) AS lines
    FROM student_payments
    WHERE student_id = NEW.student_id AND NOT EXISTS (SELECT 1 FROM student_payment_texts WHERE student_id = NEW.student_id)
  )
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
END;
