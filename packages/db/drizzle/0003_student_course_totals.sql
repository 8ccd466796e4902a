CREATE TABLE `course_batch_receipts` (
	`course_id` integer NOT NULL,
	`batch_id` integer NOT NULL,
	`receipt_count` integer NOT NULL,
	`net_paise` integer NOT NULL,
	PRIMARY KEY(`course_id`, `batch_id`)
);
--> statement-breakpoint
CREATE TABLE `student_paid` (
	`student_id` integer PRIMARY KEY NOT NULL,
	`paid_paise` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `receipts_course_totals_insert` AFTER INSERT ON `receipts` WHEN NEW.status = 'live'
BEGIN
  INSERT INTO course_batch_receipts (course_id, batch_id, receipt_count, net_paise) VALUES (NEW.course_id, NEW.batch_id, 1, NEW.net_paise)
  ON CONFLICT DO UPDATE SET receipt_count = receipt_count + 1, net_paise = net_paise + excluded.net_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_course_totals_update` AFTER UPDATE OF status, course_id, batch_id, net_paise ON `receipts`
WHEN OLD.status = 'live' OR NEW.status = 'live'
BEGIN
  UPDATE course_batch_receipts SET receipt_count = receipt_count - 1, net_paise = net_paise - OLD.net_paise
  WHERE OLD.status = 'live' AND course_id = OLD.course_id AND batch_id = OLD.batch_id;
  INSERT INTO course_batch_receipts (course_id, batch_id, receipt_count, net_paise)
  SELECT NEW.course_id, NEW.batch_id, 1, NEW.net_paise WHERE NEW.status = 'live'
  ON CONFLICT DO UPDATE SET receipt_count = receipt_count + 1, net_paise = net_paise + excluded.net_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_course_totals_delete` BEFORE DELETE ON `receipts` WHEN OLD.status = 'live'
BEGIN
  UPDATE course_batch_receipts SET receipt_count = receipt_count - 1, net_paise = net_paise - OLD.net_paise
  WHERE course_id = OLD.course_id AND batch_id = OLD.batch_id;
END;
--> statement-breakpoint
CREATE TRIGGER `student_head_paid_batch_insert` AFTER INSERT ON `student_head_paid`
WHEN EXISTS (SELECT 1 FROM students s JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = NEW.fee_head_id WHERE s.id = NEW.student_id)
BEGIN
  INSERT INTO student_paid (student_id, paid_paise) VALUES (NEW.student_id, NEW.paid_paise)
  ON CONFLICT DO UPDATE SET paid_paise = paid_paise + excluded.paid_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `student_head_paid_batch_update` AFTER UPDATE OF student_id, fee_head_id, paid_paise ON `student_head_paid`
BEGIN
  UPDATE student_paid SET paid_paise = paid_paise - OLD.paid_paise
  WHERE student_id = OLD.student_id AND EXISTS (SELECT 1 FROM students s JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = OLD.fee_head_id WHERE s.id = OLD.student_id);
  INSERT INTO student_paid (student_id, paid_paise)
  SELECT NEW.student_id, NEW.paid_paise WHERE EXISTS (SELECT 1 FROM students s JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = NEW.fee_head_id WHERE s.id = NEW.student_id)
  ON CONFLICT DO UPDATE SET paid_paise = paid_paise + excluded.paid_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `student_head_paid_batch_delete` AFTER DELETE ON `student_head_paid`
WHEN EXISTS (SELECT 1 FROM students s JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = OLD.fee_head_id WHERE s.id = OLD.student_id)
BEGIN
  UPDATE student_paid SET paid_paise = paid_paise - OLD.paid_paise WHERE student_id = OLD.student_id;
END;
--> statement-breakpoint
CREATE TRIGGER `students_paid_batch` AFTER UPDATE OF batch_id ON `students` WHEN OLD.batch_id IS NOT NEW.batch_id
BEGIN
  INSERT INTO student_paid (student_id, paid_paise)
  SELECT NEW.id, COALESCE(SUM(p.paid_paise), 0)
  FROM student_head_paid p JOIN fee_structures fs ON fs.batch_id = NEW.batch_id AND fs.fee_head_id = p.fee_head_id
  WHERE p.student_id = NEW.id
  ON CONFLICT DO UPDATE SET paid_paise = excluded.paid_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_structures_paid_insert` AFTER INSERT ON `fee_structures`
BEGIN
  INSERT INTO student_paid (student_id, paid_paise)
  SELECT p.student_id, p.paid_paise
  FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = NEW.fee_head_id
  WHERE s.batch_id = NEW.batch_id
  ON CONFLICT DO UPDATE SET paid_paise = paid_paise + excluded.paid_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_structures_paid_delete` AFTER DELETE ON `fee_structures`
BEGIN
  UPDATE student_paid SET paid_paise = paid_paise - (SELECT p.paid_paise FROM student_head_paid p
    WHERE p.student_id = student_paid.student_id AND p.fee_head_id = OLD.fee_head_id)
  WHERE student_id IN (SELECT p.student_id FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = OLD.fee_head_id
    WHERE s.batch_id = OLD.batch_id);
END;
--> statement-breakpoint
CREATE TRIGGER `fee_structures_paid_update` AFTER UPDATE OF batch_id, fee_head_id ON `fee_structures`
WHEN OLD.batch_id IS NOT NEW.batch_id OR OLD.fee_head_id IS NOT NEW.fee_head_id
BEGIN
  UPDATE student_paid SET paid_paise = paid_paise - (SELECT p.paid_paise FROM student_head_paid p
    WHERE p.student_id = student_paid.student_id AND p.fee_head_id = OLD.fee_head_id)
  WHERE student_id IN (SELECT p.student_id FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = OLD.fee_head_id
    WHERE s.batch_id = OLD.batch_id);
  INSERT INTO student_paid (student_id, paid_paise)
  SELECT p.student_id, p.paid_paise
  FROM students s JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = NEW.fee_head_id
  WHERE s.batch_id = NEW.batch_id
  ON CONFLICT DO UPDATE SET paid_paise = paid_paise + excluded.paid_paise;
END;
--> statement-breakpoint
INSERT INTO student_paid (student_id, paid_paise)
SELECT p.student_id, SUM(p.paid_paise)
FROM student_head_paid p JOIN students s ON s.id = p.student_id
JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = p.fee_head_id
GROUP BY p.student_id;
--> statement-breakpoint
INSERT INTO course_batch_receipts (course_id, batch_id, receipt_count, net_paise)
SELECT course_id, batch_id, COUNT(*), SUM(net_paise)
FROM receipts
WHERE status = 'live'
GROUP BY course_id, batch_id;