-- The running totals (student_head_paid, daily_head_collections, daily_mode_collections, student_paid,
-- course_batch_receipts) kept in the same transaction as every write to receipts, receipt_lines,
-- students and fee_structures: the plpgsql twins of SQLite's triggers (packages/db/drizzle 0002 and
-- 0003), with the same names and the same arithmetic, so raw writes keep the totals right too.
CREATE FUNCTION receipts_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_mode_collections AS t (department_id, date, payment_mode, receipt_count, total_paise, tax_paise, net_paise)
  VALUES (NEW.department_id, NEW.date, NEW.payment_mode, 1, NEW.total_paise, NEW.tax_paise, NEW.net_paise)
  ON CONFLICT (department_id, date, payment_mode) DO UPDATE SET receipt_count = t.receipt_count + 1,
    total_paise = t.total_paise + excluded.total_paise, tax_paise = t.tax_paise + excluded.tax_paise,
    net_paise = t.net_paise + excluded.net_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_totals_insert AFTER INSERT ON receipts
FOR EACH ROW WHEN (NEW.status = 'live') EXECUTE FUNCTION receipts_totals_insert();
--> statement-breakpoint
CREATE FUNCTION receipts_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_mode_collections SET receipt_count = receipt_count - 1, total_paise = total_paise - OLD.total_paise,
    tax_paise = tax_paise - OLD.tax_paise, net_paise = net_paise - OLD.net_paise
  WHERE OLD.status = 'live' AND department_id = OLD.department_id AND date = OLD.date AND payment_mode = OLD.payment_mode;
  INSERT INTO daily_mode_collections AS t (department_id, date, payment_mode, receipt_count, total_paise, tax_paise, net_paise)
  SELECT NEW.department_id, NEW.date, NEW.payment_mode, 1, NEW.total_paise, NEW.tax_paise, NEW.net_paise WHERE NEW.status = 'live'
  ON CONFLICT (department_id, date, payment_mode) DO UPDATE SET receipt_count = t.receipt_count + 1,
    total_paise = t.total_paise + excluded.total_paise, tax_paise = t.tax_paise + excluded.tax_paise,
    net_paise = t.net_paise + excluded.net_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_totals_update
AFTER UPDATE OF status, department_id, date, payment_mode, total_paise, tax_paise, net_paise ON receipts
FOR EACH ROW WHEN (OLD.status = 'live' OR NEW.status = 'live') EXECUTE FUNCTION receipts_totals_update();
--> statement-breakpoint
CREATE FUNCTION receipts_totals_move_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_head_collections SET amount_paise = amount_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.fee_head_id = daily_head_collections.fee_head_id), 0)
  WHERE OLD.status = 'live' AND department_id = OLD.department_id AND date = OLD.date
    AND fee_head_id IN (SELECT fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
  INSERT INTO daily_head_collections AS t (department_id, date, fee_head_id, amount_paise)
  SELECT NEW.department_id, NEW.date, fee_head_id, SUM(amount_paise) FROM receipt_lines
  WHERE receipt_id = NEW.id AND NEW.status = 'live'
  GROUP BY fee_head_id
  ON CONFLICT (department_id, date, fee_head_id) DO UPDATE SET amount_paise = t.amount_paise + excluded.amount_paise;
  UPDATE student_head_paid SET paid_paise = paid_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.student_id = student_head_paid.student_id AND rl.fee_head_id = student_head_paid.fee_head_id), 0)
  WHERE OLD.status = 'live' AND NEW.status <> 'live'
    AND (student_id, fee_head_id) IN (SELECT student_id, fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
  INSERT INTO student_head_paid AS t (student_id, fee_head_id, paid_paise)
  SELECT student_id, fee_head_id, SUM(amount_paise) FROM receipt_lines
  WHERE receipt_id = NEW.id AND NEW.status = 'live' AND OLD.status <> 'live'
  GROUP BY student_id, fee_head_id
  ON CONFLICT (student_id, fee_head_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_totals_move_lines AFTER UPDATE OF status, department_id, date ON receipts
FOR EACH ROW WHEN ((OLD.status = 'live') <> (NEW.status = 'live')
  OR (NEW.status = 'live' AND (OLD.department_id <> NEW.department_id OR OLD.date <> NEW.date)))
EXECUTE FUNCTION receipts_totals_move_lines();
--> statement-breakpoint
CREATE FUNCTION receipts_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_mode_collections SET receipt_count = receipt_count - 1, total_paise = total_paise - OLD.total_paise,
    tax_paise = tax_paise - OLD.tax_paise, net_paise = net_paise - OLD.net_paise
  WHERE department_id = OLD.department_id AND date = OLD.date AND payment_mode = OLD.payment_mode;
  UPDATE daily_head_collections SET amount_paise = amount_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.fee_head_id = daily_head_collections.fee_head_id), 0)
  WHERE department_id = OLD.department_id AND date = OLD.date
    AND fee_head_id IN (SELECT fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
  UPDATE student_head_paid SET paid_paise = paid_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.student_id = student_head_paid.student_id AND rl.fee_head_id = student_head_paid.fee_head_id), 0)
  WHERE (student_id, fee_head_id) IN (SELECT student_id, fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_totals_delete BEFORE DELETE ON receipts
FOR EACH ROW WHEN (OLD.status = 'live') EXECUTE FUNCTION receipts_totals_delete();
--> statement-breakpoint
CREATE FUNCTION receipt_lines_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_head_paid AS t (student_id, fee_head_id, paid_paise)
  SELECT NEW.student_id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT (student_id, fee_head_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  INSERT INTO daily_head_collections AS t (department_id, date, fee_head_id, amount_paise)
  SELECT department_id, date, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT (department_id, date, fee_head_id) DO UPDATE SET amount_paise = t.amount_paise + excluded.amount_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipt_lines_totals_insert AFTER INSERT ON receipt_lines
FOR EACH ROW EXECUTE FUNCTION receipt_lines_totals_insert();
--> statement-breakpoint
CREATE FUNCTION receipt_lines_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_head_paid SET paid_paise = paid_paise - OLD.amount_paise
  WHERE student_id = OLD.student_id AND fee_head_id = OLD.fee_head_id
    AND EXISTS (SELECT 1 FROM receipts WHERE id = OLD.receipt_id AND status = 'live');
  UPDATE daily_head_collections SET amount_paise = amount_paise - OLD.amount_paise
  WHERE department_id = (SELECT department_id FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND date = (SELECT date FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND fee_head_id = OLD.fee_head_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipt_lines_totals_delete AFTER DELETE ON receipt_lines
FOR EACH ROW EXECUTE FUNCTION receipt_lines_totals_delete();
--> statement-breakpoint
CREATE FUNCTION receipt_lines_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_head_paid SET paid_paise = paid_paise - OLD.amount_paise
  WHERE student_id = OLD.student_id AND fee_head_id = OLD.fee_head_id
    AND EXISTS (SELECT 1 FROM receipts WHERE id = OLD.receipt_id AND status = 'live');
  UPDATE daily_head_collections SET amount_paise = amount_paise - OLD.amount_paise
  WHERE department_id = (SELECT department_id FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND date = (SELECT date FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND fee_head_id = OLD.fee_head_id;
  INSERT INTO student_head_paid AS t (student_id, fee_head_id, paid_paise)
  SELECT NEW.student_id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT (student_id, fee_head_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  INSERT INTO daily_head_collections AS t (department_id, date, fee_head_id, amount_paise)
  SELECT department_id, date, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT (department_id, date, fee_head_id) DO UPDATE SET amount_paise = t.amount_paise + excluded.amount_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipt_lines_totals_update AFTER UPDATE OF receipt_id, student_id, fee_head_id, amount_paise ON receipt_lines
FOR EACH ROW EXECUTE FUNCTION receipt_lines_totals_update();
--> statement-breakpoint
CREATE FUNCTION receipts_course_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_batch_receipts AS t (course_id, batch_id, receipt_count, net_paise) VALUES (NEW.course_id, NEW.batch_id, 1, NEW.net_paise)
  ON CONFLICT (course_id, batch_id) DO UPDATE SET receipt_count = t.receipt_count + 1, net_paise = t.net_paise + excluded.net_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_course_totals_insert AFTER INSERT ON receipts
FOR EACH ROW WHEN (NEW.status = 'live') EXECUTE FUNCTION receipts_course_totals_insert();
--> statement-breakpoint
CREATE FUNCTION receipts_course_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE course_batch_receipts SET receipt_count = receipt_count - 1, net_paise = net_paise - OLD.net_paise
  WHERE OLD.status = 'live' AND course_id = OLD.course_id AND batch_id = OLD.batch_id;
  INSERT INTO course_batch_receipts AS t (course_id, batch_id, receipt_count, net_paise)
  SELECT NEW.course_id, NEW.batch_id, 1, NEW.net_paise WHERE NEW.status = 'live'
  ON CONFLICT (course_id, batch_id) DO UPDATE SET receipt_count = t.receipt_count + 1, net_paise = t.net_paise + excluded.net_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_course_totals_update AFTER UPDATE OF status, course_id, batch_id, net_paise ON receipts
FOR EACH ROW WHEN (OLD.status = 'live' OR NEW.status = 'live') EXECUTE FUNCTION receipts_course_totals_update();
--> statement-breakpoint
CREATE FUNCTION receipts_course_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE course_batch_receipts SET receipt_count = receipt_count - 1, net_paise = net_paise - OLD.net_paise
  WHERE course_id = OLD.course_id AND batch_id = OLD.batch_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER receipts_course_totals_delete BEFORE DELETE ON receipts
FOR EACH ROW WHEN (OLD.status = 'live') EXECUTE FUNCTION receipts_course_totals_delete();
--> statement-breakpoint
CREATE FUNCTION student_head_paid_batch_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM students s JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = NEW.fee_head_id
             WHERE s.id = NEW.student_id) THEN
    INSERT INTO student_paid AS t (student_id, paid_paise) VALUES (NEW.student_id, NEW.paid_paise)
    ON CONFLICT (student_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_head_paid_batch_insert AFTER INSERT ON student_head_paid
FOR EACH ROW EXECUTE FUNCTION student_head_paid_batch_insert();
--> statement-breakpoint
CREATE FUNCTION student_head_paid_batch_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_paid SET paid_paise = paid_paise - OLD.paid_paise
  WHERE student_id = OLD.student_id AND EXISTS (SELECT 1 FROM students s JOIN fee_structures fs
    ON fs.batch_id = s.batch_id AND fs.fee_head_id = OLD.fee_head_id WHERE s.id = OLD.student_id);
  INSERT INTO student_paid AS t (student_id, paid_paise)
  SELECT NEW.student_id, NEW.paid_paise WHERE EXISTS (SELECT 1 FROM students s JOIN fee_structures fs
    ON fs.batch_id = s.batch_id AND fs.fee_head_id = NEW.fee_head_id WHERE s.id = NEW.student_id)
  ON CONFLICT (student_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_head_paid_batch_update AFTER UPDATE OF student_id, fee_head_id, paid_paise ON student_head_paid
FOR EACH ROW EXECUTE FUNCTION student_head_paid_batch_update();
--> statement-breakpoint
CREATE FUNCTION student_head_paid_batch_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM students s JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = OLD.fee_head_id
             WHERE s.id = OLD.student_id) THEN
    UPDATE student_paid SET paid_paise = paid_paise - OLD.paid_paise WHERE student_id = OLD.student_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_head_paid_batch_delete AFTER DELETE ON student_head_paid
FOR EACH ROW EXECUTE FUNCTION student_head_paid_batch_delete();
--> statement-breakpoint
CREATE FUNCTION students_paid_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_paid AS t (student_id, paid_paise)
  SELECT NEW.id, COALESCE(SUM(p.paid_paise), 0)
  FROM student_head_paid p JOIN fee_structures fs ON fs.batch_id = NEW.batch_id AND fs.fee_head_id = p.fee_head_id
  WHERE p.student_id = NEW.id
  ON CONFLICT (student_id) DO UPDATE SET paid_paise = excluded.paid_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_paid_batch AFTER UPDATE OF batch_id ON students
FOR EACH ROW WHEN (OLD.batch_id IS DISTINCT FROM NEW.batch_id) EXECUTE FUNCTION students_paid_batch();
--> statement-breakpoint
CREATE FUNCTION fee_structures_paid_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_paid AS t (student_id, paid_paise)
  SELECT p.student_id, p.paid_paise
  FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = NEW.fee_head_id
  WHERE s.batch_id = NEW.batch_id
  ON CONFLICT (student_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fee_structures_paid_insert AFTER INSERT ON fee_structures
FOR EACH ROW EXECUTE FUNCTION fee_structures_paid_insert();
--> statement-breakpoint
CREATE FUNCTION fee_structures_paid_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_paid SET paid_paise = paid_paise - (SELECT p.paid_paise FROM student_head_paid p
    WHERE p.student_id = student_paid.student_id AND p.fee_head_id = OLD.fee_head_id)
  WHERE student_id IN (SELECT p.student_id FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = OLD.fee_head_id
    WHERE s.batch_id = OLD.batch_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fee_structures_paid_delete AFTER DELETE ON fee_structures
FOR EACH ROW EXECUTE FUNCTION fee_structures_paid_delete();
--> statement-breakpoint
CREATE FUNCTION fee_structures_paid_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_paid SET paid_paise = paid_paise - (SELECT p.paid_paise FROM student_head_paid p
    WHERE p.student_id = student_paid.student_id AND p.fee_head_id = OLD.fee_head_id)
  WHERE student_id IN (SELECT p.student_id FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = OLD.fee_head_id
    WHERE s.batch_id = OLD.batch_id);
  INSERT INTO student_paid AS t (student_id, paid_paise)
  SELECT p.student_id, p.paid_paise
  FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = NEW.fee_head_id
  WHERE s.batch_id = NEW.batch_id
  ON CONFLICT (student_id) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fee_structures_paid_update AFTER UPDATE OF batch_id, fee_head_id ON fee_structures
FOR EACH ROW WHEN (OLD.batch_id IS DISTINCT FROM NEW.batch_id OR OLD.fee_head_id IS DISTINCT FROM NEW.fee_head_id)
EXECUTE FUNCTION fee_structures_paid_update();
