CREATE TABLE `receipt_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receipt_id` integer NOT NULL,
	`part_no` integer NOT NULL,
	`payment_mode` text NOT NULL,
	`payment_reference` text,
	`amount_paise` integer NOT NULL,
	`tax_paise` integer NOT NULL,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipt_payments_receipt_part_idx` ON `receipt_payments` (`receipt_id`,`part_no`);--> statement-breakpoint
ALTER TABLE `daily_mode_collections` ADD `part_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every receipt so far was paid in one mode: one part holding its net and GST.
INSERT INTO receipt_payments (receipt_id, part_no, payment_mode, payment_reference, amount_paise, tax_paise)
SELECT id, 1, payment_mode, payment_reference, net_paise, tax_paise FROM receipts ORDER BY id;
--> statement-breakpoint
-- The collections per mode are kept from the parts from now on, not from the receipts' one mode.
DROP TRIGGER `receipts_totals_insert`;
--> statement-breakpoint
DROP TRIGGER `receipts_totals_update`;
--> statement-breakpoint
DROP TRIGGER `receipts_totals_delete`;
--> statement-breakpoint
CREATE TRIGGER `receipts_totals_delete` BEFORE DELETE ON `receipts` WHEN OLD.status = 'live'
BEGIN
  UPDATE daily_mode_collections SET
    receipt_count = receipt_count - (SELECT COUNT(*) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode AND p.part_no = 1),
    part_count = part_count - (SELECT COUNT(*) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode),
    total_paise = total_paise - (SELECT COALESCE(SUM(p.amount_paise - p.tax_paise), 0) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode),
    tax_paise = tax_paise - (SELECT COALESCE(SUM(p.tax_paise), 0) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode),
    net_paise = net_paise - (SELECT COALESCE(SUM(p.amount_paise), 0) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode)
  WHERE department_id = OLD.department_id AND date = OLD.date
    AND payment_mode IN (SELECT payment_mode FROM receipt_payments WHERE receipt_id = OLD.id);
  UPDATE daily_head_collections SET amount_paise = amount_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.fee_head_id = daily_head_collections.fee_head_id), 0)
  WHERE department_id = OLD.department_id AND date = OLD.date
    AND fee_head_id IN (SELECT fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
  UPDATE student_head_paid SET paid_paise = paid_paise - COALESCE((SELECT SUM(rl.amount_paise) FROM receipt_lines rl
    WHERE rl.receipt_id = OLD.id AND rl.student_id = student_head_paid.student_id AND rl.fee_head_id = student_head_paid.fee_head_id), 0)
  WHERE (student_id, fee_head_id) IN (SELECT student_id, fee_head_id FROM receipt_lines WHERE receipt_id = OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_totals_move_payments` AFTER UPDATE OF status, department_id, date ON `receipts`
WHEN (OLD.status = 'live') <> (NEW.status = 'live')
  OR (NEW.status = 'live' AND (OLD.department_id <> NEW.department_id OR OLD.date <> NEW.date))
BEGIN
  UPDATE daily_mode_collections SET
    receipt_count = receipt_count - (SELECT COUNT(*) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode AND p.part_no = 1),
    part_count = part_count - (SELECT COUNT(*) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode),
    total_paise = total_paise - (SELECT COALESCE(SUM(p.amount_paise - p.tax_paise), 0) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode),
    tax_paise = tax_paise - (SELECT COALESCE(SUM(p.tax_paise), 0) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode),
    net_paise = net_paise - (SELECT COALESCE(SUM(p.amount_paise), 0) FROM receipt_payments p
      WHERE p.receipt_id = OLD.id AND p.payment_mode = daily_mode_collections.payment_mode)
  WHERE OLD.status = 'live' AND department_id = OLD.department_id AND date = OLD.date
    AND payment_mode IN (SELECT payment_mode FROM receipt_payments WHERE receipt_id = OLD.id);
  INSERT INTO daily_mode_collections (department_id, date, payment_mode, receipt_count, part_count, total_paise, tax_paise, net_paise)
  SELECT NEW.department_id, NEW.date, payment_mode, SUM(CASE WHEN part_no = 1 THEN 1 ELSE 0 END), COUNT(*),
    SUM(amount_paise - tax_paise), SUM(tax_paise), SUM(amount_paise)
  FROM receipt_payments WHERE receipt_id = NEW.id AND NEW.status = 'live'
  GROUP BY payment_mode
  ON CONFLICT DO UPDATE SET receipt_count = receipt_count + excluded.receipt_count, part_count = part_count + excluded.part_count,
    total_paise = total_paise + excluded.total_paise, tax_paise = tax_paise + excluded.tax_paise,
    net_paise = net_paise + excluded.net_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_payments_totals_insert` AFTER INSERT ON `receipt_payments`
BEGIN
  INSERT INTO daily_mode_collections (department_id, date, payment_mode, receipt_count, part_count, total_paise, tax_paise, net_paise)
  SELECT department_id, date, NEW.payment_mode, CASE WHEN NEW.part_no = 1 THEN 1 ELSE 0 END, 1,
    NEW.amount_paise - NEW.tax_paise, NEW.tax_paise, NEW.amount_paise
  FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT DO UPDATE SET receipt_count = receipt_count + excluded.receipt_count, part_count = part_count + 1,
    total_paise = total_paise + excluded.total_paise, tax_paise = tax_paise + excluded.tax_paise,
    net_paise = net_paise + excluded.net_paise;
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_payments_totals_delete` AFTER DELETE ON `receipt_payments`
BEGIN
  UPDATE daily_mode_collections SET receipt_count = receipt_count - CASE WHEN OLD.part_no = 1 THEN 1 ELSE 0 END,
    part_count = part_count - 1, total_paise = total_paise - (OLD.amount_paise - OLD.tax_paise),
    tax_paise = tax_paise - OLD.tax_paise, net_paise = net_paise - OLD.amount_paise
  WHERE payment_mode = OLD.payment_mode
    AND (department_id, date) IN (SELECT department_id, date FROM receipts WHERE id = OLD.receipt_id AND status = 'live');
END;
--> statement-breakpoint
CREATE TRIGGER `receipt_payments_totals_update` AFTER UPDATE OF receipt_id, part_no, payment_mode, amount_paise, tax_paise ON `receipt_payments`
BEGIN
  UPDATE daily_mode_collections SET receipt_count = receipt_count - CASE WHEN OLD.part_no = 1 THEN 1 ELSE 0 END,
    part_count = part_count - 1, total_paise = total_paise - (OLD.amount_paise - OLD.tax_paise),
    tax_paise = tax_paise - OLD.tax_paise, net_paise = net_paise - OLD.amount_paise
  WHERE payment_mode = OLD.payment_mode
    AND (department_id, date) IN (SELECT department_id, date FROM receipts WHERE id = OLD.receipt_id AND status = 'live');
  INSERT INTO daily_mode_collections (department_id, date, payment_mode, receipt_count, part_count, total_paise, tax_paise, net_paise)
  SELECT department_id, date, NEW.payment_mode, CASE WHEN NEW.part_no = 1 THEN 1 ELSE 0 END, 1,
    NEW.amount_paise - NEW.tax_paise, NEW.tax_paise, NEW.amount_paise
  FROM receipts WHERE id = NEW.receipt_id AND status = 'live'
  ON CONFLICT DO UPDATE SET receipt_count = receipt_count + excluded.receipt_count, part_count = part_count + 1,
    total_paise = total_paise + excluded.total_paise, tax_paise = tax_paise + excluded.tax_paise,
    net_paise = net_paise + excluded.net_paise;
END;
--> statement-breakpoint
DELETE FROM daily_mode_collections;
--> statement-breakpoint
INSERT INTO daily_mode_collections (department_id, date, payment_mode, receipt_count, part_count, total_paise, tax_paise, net_paise)
SELECT r.department_id, r.date, p.payment_mode, SUM(CASE WHEN p.part_no = 1 THEN 1 ELSE 0 END), COUNT(*),
  SUM(p.amount_paise - p.tax_paise), SUM(p.tax_paise), SUM(p.amount_paise)
FROM receipts r JOIN receipt_payments p ON p.receipt_id = r.id
WHERE r.status = 'live'
GROUP BY r.department_id, r.date, p.payment_mode;
