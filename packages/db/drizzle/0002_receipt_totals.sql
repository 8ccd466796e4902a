CREATE TABLE `daily_head_collections` (
	`department_id` integer NOT NULL,
	`date` text NOT NULL,
	`fee_head_id` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	PRIMARY KEY(`department_id`, `date`, `fee_head_id`)
);
--> statement-breakpoint
CREATE TABLE `daily_mode_collections` (
	`department_id` integer NOT NULL,
	`date` text NOT NULL,
	`payment_mode` text NOT NULL,
	`receipt_count` integer NOT NULL,
	`total_paise` integer NOT NULL,
	`tax_paise` integer NOT NULL,
	`net_paise` integer NOT NULL,
	PRIMARY KEY(`department_id`, `date`, `payment_mode`)
);
--> statement-breakpoint
CREATE TABLE `student_head_paid` (
	`student_id` integer NOT NULL,
	`fee_head_id` integer NOT NULL,
	`paid_paise` integer NOT NULL,
	PRIMARY KEY(`student_id`, `fee_head_id`)
);
--> statement-breakpoint
CREATE TRIGGER `receipts_totals_insert` AFTER INSERT ON `receipts` WHEN NEW.status = 'live'
BEGIN
  INSERT INTO daily_mode_collections (department_id, date, payment_mode, receipt_count, total_paise, tax_paise, net_paise)
  VALUES (NEW.department_id, NEW.date, NEW.payment_mode, 1, NEW.total_paise, NEW.tax_paise, NEW.net_paise)
  ON CONFLICT DO UPDATE SET receipt_count = receipt_count + 1, total_paise = total_paise + excluded.total_paise,
    tax_paise = tax_paise + excluded.tax_paise, net_paise = net_paise + excluded.net_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_totals_update` AFTER UPDATE OF status, department_id, date, payment_mode, total_paise, tax_paise, net_paise ON `receipts`
WHEN OLD.status = 'live' OR NEW.status = 'live'
BEGIN
  UPDATE daily_mode_collections SET receipt_count = receipt_count - 1, total_paise = total_paise - OLD.total_paise,
    tax_paise = tax_paise - OLD.tax_paise, net_paise = net_paise - OLD.net_paise
  WHERE OLD.status = 'live' AND department_id = OLD.department_id AND date = OLD.date AND payment_mode = OLD.payment_mode;
  INSERT INTO daily_mode_collections (department_id, date, payment_mode, receipt_count, total_paise, tax_paise, net_paise)
  SELECT NEW.department_id, NEW.date, NEW.payment_mode, 1, NEW.total_paise, NEW.tax_paise, NEW.net_paise WHERE NEW.status = 'live'
  ON CONFLICT DO UPDATE SET receipt_count = receipt_count + 1, total_paise = total_paise + excluded.total_paise,
    tax_paise = tax_paise + excluded.tax_paise, net_paise = net_paise + excluded.net_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_totals_move_lines` AFTER UPDATE OF status, department_id, date ON `receipts`
WHEN (OLD.status = 'live') <> (NEW.status = 'live')
  OR (NEW.status = 'live' AND (OLD.department_id <> NEW.department_id OR OLD.date <> NEW.date))
BEGIN
  UPDATE daily_head_collections SET amount_paise = amount_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.fee_head_id = daily_head_collections.fee_head_id), 0)
  WHERE OLD.status = 'live' AND department_id = OLD.department_id AND date = OLD.date
    AND fee_head_id IN (SELECT fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
  INSERT INTO daily_head_collections (department_id, date, fee_head_id, amount_paise)
  SELECT NEW.department_id, NEW.date, fee_head_id, SUM(amount_paise) FROM receipt_lines
  WHERE receipt_id = NEW.id AND NEW.status = 'live'
  GROUP BY fee_head_id
  ON CONFLICT DO UPDATE SET amount_paise = amount_paise + excluded.amount_paise;
  UPDATE student_head_paid SET paid_paise = paid_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.student_id = student_head_paid.student_id AND rl.fee_head_id = student_head_paid.fee_head_id), 0)
  WHERE OLD.status = 'live' AND NEW.status <> 'live'
    AND (student_id, fee_head_id) IN (SELECT student_id, fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
  INSERT INTO student_head_paid (student_id, fee_head_id, paid_paise)
  SELECT student_id, fee_head_id, SUM(amount_paise) FROM receipt_lines
  WHERE receipt_id = NEW.id AND NEW.status = 'live' AND OLD.status <> 'live'
  GROUP BY student_id, fee_head_id
  ON CONFLICT DO UPDATE SET paid_paise = paid_paise + excluded.paid_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_totals_delete` BEFORE DELETE ON `receipts` WHEN OLD.status = 'live'
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
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_lines_totals_insert` AFTER INSERT ON `receipt_lines`
BEGIN
  INSERT INTO student_head_paid (student_id, fee_head_id, paid_paise)
  SELECT NEW.student_id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT DO UPDATE SET paid_paise = paid_paise + excluded.paid_paise;
  INSERT INTO daily_head_collections (department_id, date, fee_head_id, amount_paise)
  SELECT department_id, date, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT DO UPDATE SET amount_paise = amount_paise + excluded.amount_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_lines_totals_delete` AFTER DELETE ON `receipt_lines`
BEGIN
  UPDATE student_head_paid SET paid_paise = paid_paise - OLD.amount_paise
  WHERE student_id = OLD.student_id AND fee_head_id = OLD.fee_head_id
    AND EXISTS (SELECT 1 FROM receipts WHERE id = OLD.receipt_id AND status = 'live');
  UPDATE daily_head_collections SET amount_paise = amount_paise - OLD.amount_paise
  WHERE department_id = (SELECT department_id FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND date = (SELECT date FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND fee_head_id = OLD.fee_head_id;
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_lines_totals_update` AFTER UPDATE OF receipt_id, student_id, fee_head_id, amount_paise ON `receipt_lines`
BEGIN
  UPDATE student_head_paid SET paid_paise = paid_paise - OLD.amount_paise
  WHERE student_id = OLD.student_id AND fee_head_id = OLD.fee_head_id
    AND EXISTS (SELECT 1 FROM receipts WHERE id = OLD.receipt_id AND status = 'live');
  UPDATE daily_head_collections SET amount_paise = amount_paise - OLD.amount_paise
  WHERE department_id = (SELECT department_id FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND date = (SELECT date FROM receipts WHERE id = OLD.receipt_id AND status = 'live')
    AND fee_head_id = OLD.fee_head_id;
  INSERT INTO student_head_paid (student_id, fee_head_id, paid_paise)
  SELECT NEW.student_id, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT DO UPDATE SET paid_paise = paid_paise + excluded.paid_paise;
  INSERT INTO daily_head_collections (department_id, date, fee_head_id, amount_paise)
  SELECT department_id, date, NEW.fee_head_id, NEW.amount_paise FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT DO UPDATE SET amount_paise = amount_paise + excluded.amount_paise;
END;
--> statement-breakpoint
INSERT INTO student_head_paid (student_id, fee_head_id, paid_paise)
SELECT rl.student_id, rl.fee_head_id, SUM(rl.amount_paise)
FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
WHERE r.status = 'live'
GROUP BY rl.student_id, rl.fee_head_id;
--> statement-breakpoint
INSERT INTO daily_head_collections (department_id, date, fee_head_id, amount_paise)
SELECT r.department_id, r.date, rl.fee_head_id, SUM(rl.amount_paise)
FROM receipts r JOIN receipt_lines rl ON rl.receipt_id = r.id
WHERE r.status = 'live'
GROUP BY r.department_id, r.date, rl.fee_head_id;
--> statement-breakpoint
INSERT INTO daily_mode_collections (department_id, date, payment_mode, receipt_count, total_paise, tax_paise, net_paise)
SELECT department_id, date, payment_mode, COUNT(*), SUM(total_paise), SUM(tax_paise), SUM(net_paise)
FROM receipts
WHERE status = 'live'
GROUP BY department_id, date, payment_mode;
