-- Each student's lines become a JSON array of numbers, [day, feeHeadId, amountPaise, ...] in receipt
-- order (day: days since 1970-01-01), read by JSON.parse: as fast as the former "yyyy-MM-dd,head,paise"
-- text and its hand-written parser, and a quarter smaller. A line after the student's last one is
-- appended before the closing bracket; any other change builds the student's array again.
CREATE OR REPLACE FUNCTION student_payments_texts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_payment_texts
  SET lines = substr(lines, 1, length(lines) - 1) || ',' || (NEW.date::date - DATE '1970-01-01') || ','
      || NEW.fee_head_id || ',' || NEW.amount_paise || ']',
    last_date = NEW.date, last_number = NEW.number, last_line_id = NEW.line_id
  WHERE student_id = NEW.student_id AND (last_date, last_number, last_line_id) < (NEW.date, NEW.number, NEW.line_id);
  IF NOT FOUND THEN
    DELETE FROM student_payment_texts WHERE student_id = NEW.student_id;
    INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
    SELECT student_id, (SELECT '[' || string_agg((date::date - DATE '1970-01-01') || ',' || fee_head_id || ',' || amount_paise, ',' ORDER BY date, number, line_id) || ']' FROM student_payments WHERE student_id = NEW.student_id), date, number, line_id
    FROM student_payments WHERE student_id = NEW.student_id
    ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_payments_texts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payment_texts WHERE student_id = OLD.student_id;
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, (SELECT '[' || string_agg((date::date - DATE '1970-01-01') || ',' || fee_head_id || ',' || amount_paise, ',' ORDER BY date, number, line_id) || ']' FROM student_payments WHERE student_id = OLD.student_id), date, number, line_id
  FROM student_payments WHERE student_id = OLD.student_id
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_payments_texts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_payment_texts WHERE student_id IN (OLD.student_id, NEW.student_id);
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, (SELECT '[' || string_agg((date::date - DATE '1970-01-01') || ',' || fee_head_id || ',' || amount_paise, ',' ORDER BY date, number, line_id) || ']' FROM student_payments WHERE student_id = OLD.student_id), date, number, line_id
  FROM student_payments WHERE student_id = OLD.student_id
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
  SELECT student_id, (SELECT '[' || string_agg((date::date - DATE '1970-01-01') || ',' || fee_head_id || ',' || amount_paise, ',' ORDER BY date, number, line_id) || ']' FROM student_payments WHERE student_id = NEW.student_id), date, number, line_id
  FROM student_payments WHERE student_id = NEW.student_id
  ORDER BY date DESC, number DESC, line_id DESC LIMIT 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM student_payment_texts;
--> statement-breakpoint
INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
SELECT p.student_id, (SELECT '[' || string_agg((date::date - DATE '1970-01-01') || ',' || fee_head_id || ',' || amount_paise, ',' ORDER BY date, number, line_id) || ']'
  FROM student_payments WHERE student_id = p.student_id), p.date, p.number, p.line_id
FROM student_payments p
WHERE NOT EXISTS (
  SELECT 1 FROM student_payments n WHERE n.student_id = p.student_id AND (n.date, n.number, n.line_id) > (p.date, p.number, p.line_id)
);
