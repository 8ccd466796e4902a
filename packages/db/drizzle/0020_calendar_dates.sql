-- Every yyyy-MM-dd column refuses a day no calendar has (2026-02-30): SQLite's date() rolls such a day into
-- the next month, so a date is real when date(x) gives x back. A CHECK would mean rebuilding each table, which
-- drops the triggers that keep the running totals and student_money; BEFORE INSERT and UPDATE triggers refuse
-- the same rows instead, naming the column. The columns the totals' triggers copy from receipts.date (daily
-- collections, student_payments) hold only what receipts.date accepted.
-- Rows written before (the demo loader's instalments due "day 30 of the 8th month after June") are first moved
-- to the last day of their month, each repair written to the audit log as a change by this migration; a value
-- that is no date at all is left as it is.
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'batch', id, json_object('start_date', start_date),
    json_object('start_date', date(substr(start_date, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM batches WHERE date(start_date) IS NOT start_date AND length(start_date) = 10 AND substr(start_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(start_date, 1, 8) || '01') = substr(start_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE batches SET start_date = date(substr(start_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(start_date) IS NOT start_date AND length(start_date) = 10 AND substr(start_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(start_date, 1, 8) || '01') = substr(start_date, 1, 8) || '01';
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'batch', id, json_object('end_date', end_date),
    json_object('end_date', date(substr(end_date, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM batches WHERE date(end_date) IS NOT end_date AND length(end_date) = 10 AND substr(end_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(end_date, 1, 8) || '01') = substr(end_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE batches SET end_date = date(substr(end_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(end_date) IS NOT end_date AND length(end_date) = 10 AND substr(end_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(end_date, 1, 8) || '01') = substr(end_date, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER batches_calendar_dates_insert BEFORE INSERT ON batches
BEGIN
  SELECT RAISE(ABORT, 'batches.start_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.start_date) IS NOT NEW.start_date;
  SELECT RAISE(ABORT, 'batches.end_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.end_date) IS NOT NEW.end_date;
END;
--> statement-breakpoint
CREATE TRIGGER batches_calendar_dates_update BEFORE UPDATE OF start_date, end_date ON batches
BEGIN
  SELECT RAISE(ABORT, 'batches.start_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.start_date) IS NOT NEW.start_date;
  SELECT RAISE(ABORT, 'batches.end_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.end_date) IS NOT NEW.end_date;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'student', id, json_object('admission_date', admission_date),
    json_object('admission_date', date(substr(admission_date, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM students WHERE date(admission_date) IS NOT admission_date AND length(admission_date) = 10 AND substr(admission_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(admission_date, 1, 8) || '01') = substr(admission_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE students SET admission_date = date(substr(admission_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(admission_date) IS NOT admission_date AND length(admission_date) = 10 AND substr(admission_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(admission_date, 1, 8) || '01') = substr(admission_date, 1, 8) || '01';
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'student', id, json_object('date_of_birth', date_of_birth),
    json_object('date_of_birth', date(substr(date_of_birth, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM students WHERE date(date_of_birth) IS NOT date_of_birth AND length(date_of_birth) = 10 AND substr(date_of_birth, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date_of_birth, 1, 8) || '01') = substr(date_of_birth, 1, 8) || '01';
--> statement-breakpoint
UPDATE students SET date_of_birth = date(substr(date_of_birth, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(date_of_birth) IS NOT date_of_birth AND length(date_of_birth) = 10 AND substr(date_of_birth, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date_of_birth, 1, 8) || '01') = substr(date_of_birth, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER students_calendar_dates_insert BEFORE INSERT ON students
BEGIN
  SELECT RAISE(ABORT, 'students.admission_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.admission_date) IS NOT NEW.admission_date;
  SELECT RAISE(ABORT, 'students.date_of_birth is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date_of_birth) IS NOT NEW.date_of_birth;
END;
--> statement-breakpoint
CREATE TRIGGER students_calendar_dates_update BEFORE UPDATE OF admission_date, date_of_birth ON students
BEGIN
  SELECT RAISE(ABORT, 'students.admission_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.admission_date) IS NOT NEW.admission_date;
  SELECT RAISE(ABORT, 'students.date_of_birth is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date_of_birth) IS NOT NEW.date_of_birth;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'fee_structure', id, json_object('start_date', start_date),
    json_object('start_date', date(substr(start_date, 1, 8) || '01', '+1 month', '-1 day')), NULL
  FROM fee_structures WHERE date(start_date) IS NOT start_date AND length(start_date) = 10 AND substr(start_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(start_date, 1, 8) || '01') = substr(start_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE fee_structures SET start_date = date(substr(start_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(start_date) IS NOT start_date AND length(start_date) = 10 AND substr(start_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(start_date, 1, 8) || '01') = substr(start_date, 1, 8) || '01';
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'fee_structure', id, json_object('end_date', end_date),
    json_object('end_date', date(substr(end_date, 1, 8) || '01', '+1 month', '-1 day')), NULL
  FROM fee_structures WHERE date(end_date) IS NOT end_date AND length(end_date) = 10 AND substr(end_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(end_date, 1, 8) || '01') = substr(end_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE fee_structures SET end_date = date(substr(end_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(end_date) IS NOT end_date AND length(end_date) = 10 AND substr(end_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(end_date, 1, 8) || '01') = substr(end_date, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER fee_structures_calendar_dates_insert BEFORE INSERT ON fee_structures
BEGIN
  SELECT RAISE(ABORT, 'fee_structures.start_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.start_date) IS NOT NEW.start_date;
  SELECT RAISE(ABORT, 'fee_structures.end_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.end_date) IS NOT NEW.end_date;
END;
--> statement-breakpoint
CREATE TRIGGER fee_structures_calendar_dates_update BEFORE UPDATE OF start_date, end_date ON fee_structures
BEGIN
  SELECT RAISE(ABORT, 'fee_structures.start_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.start_date) IS NOT NEW.start_date;
  SELECT RAISE(ABORT, 'fee_structures.end_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.end_date) IS NOT NEW.end_date;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'instalment_plan', batch_id, json_object('due_date', due_date),
    json_object('due_date', date(substr(due_date, 1, 8) || '01', '+1 month', '-1 day')), NULL
  FROM instalments WHERE date(due_date) IS NOT due_date AND length(due_date) = 10 AND substr(due_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(due_date, 1, 8) || '01') = substr(due_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE instalments SET due_date = date(substr(due_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(due_date) IS NOT due_date AND length(due_date) = 10 AND substr(due_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(due_date, 1, 8) || '01') = substr(due_date, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER instalments_calendar_dates_insert BEFORE INSERT ON instalments
BEGIN
  SELECT RAISE(ABORT, 'instalments.due_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.due_date) IS NOT NEW.due_date;
END;
--> statement-breakpoint
CREATE TRIGGER instalments_calendar_dates_update BEFORE UPDATE OF due_date ON instalments
BEGIN
  SELECT RAISE(ABORT, 'instalments.due_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.due_date) IS NOT NEW.due_date;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'opening_balance', id, json_object('due_date', due_date),
    json_object('due_date', date(substr(due_date, 1, 8) || '01', '+1 month', '-1 day')), NULL
  FROM opening_balances WHERE date(due_date) IS NOT due_date AND length(due_date) = 10 AND substr(due_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(due_date, 1, 8) || '01') = substr(due_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE opening_balances SET due_date = date(substr(due_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(due_date) IS NOT due_date AND length(due_date) = 10 AND substr(due_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(due_date, 1, 8) || '01') = substr(due_date, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER opening_balances_calendar_dates_insert BEFORE INSERT ON opening_balances
BEGIN
  SELECT RAISE(ABORT, 'opening_balances.due_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.due_date) IS NOT NEW.due_date;
END;
--> statement-breakpoint
CREATE TRIGGER opening_balances_calendar_dates_update BEFORE UPDATE OF due_date ON opening_balances
BEGIN
  SELECT RAISE(ABORT, 'opening_balances.due_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.due_date) IS NOT NEW.due_date;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'fine_waiver', id, json_object('date', date),
    json_object('date', date(substr(date, 1, 8) || '01', '+1 month', '-1 day')), NULL
  FROM fine_waivers WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
UPDATE fine_waivers SET date = date(substr(date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER fine_waivers_calendar_dates_insert BEFORE INSERT ON fine_waivers
BEGIN
  SELECT RAISE(ABORT, 'fine_waivers.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
--> statement-breakpoint
CREATE TRIGGER fine_waivers_calendar_dates_update BEFORE UPDATE OF date ON fine_waivers
BEGIN
  SELECT RAISE(ABORT, 'fine_waivers.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'receipt', id, json_object('date', date),
    json_object('date', date(substr(date, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM receipts WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
UPDATE receipts SET date = date(substr(date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
-- The running totals keep a day's row at zero when its receipts move to another day: the impossible day's go.
DELETE FROM daily_head_collections WHERE date(date) IS NOT date AND amount_paise = 0;
--> statement-breakpoint
DELETE FROM daily_mode_collections WHERE date(date) IS NOT date AND receipt_count = 0;
--> statement-breakpoint
CREATE TRIGGER receipts_calendar_dates_insert BEFORE INSERT ON receipts
BEGIN
  SELECT RAISE(ABORT, 'receipts.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
--> statement-breakpoint
CREATE TRIGGER receipts_calendar_dates_update BEFORE UPDATE OF date ON receipts
BEGIN
  SELECT RAISE(ABORT, 'receipts.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'refund', id, json_object('date', date),
    json_object('date', date(substr(date, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM refunds WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
UPDATE refunds SET date = date(substr(date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER refunds_calendar_dates_insert BEFORE INSERT ON refunds
BEGIN
  SELECT RAISE(ABORT, 'refunds.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
--> statement-breakpoint
CREATE TRIGGER refunds_calendar_dates_update BEFORE UPDATE OF date ON refunds
BEGIN
  SELECT RAISE(ABORT, 'refunds.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'cheque', id, json_object('instrument_date', instrument_date),
    json_object('instrument_date', date(substr(instrument_date, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM cheques WHERE date(instrument_date) IS NOT instrument_date AND length(instrument_date) = 10 AND substr(instrument_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(instrument_date, 1, 8) || '01') = substr(instrument_date, 1, 8) || '01';
--> statement-breakpoint
UPDATE cheques SET instrument_date = date(substr(instrument_date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(instrument_date) IS NOT instrument_date AND length(instrument_date) = 10 AND substr(instrument_date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(instrument_date, 1, 8) || '01') = substr(instrument_date, 1, 8) || '01';
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'cheque', id, json_object('cleared_on', cleared_on),
    json_object('cleared_on', date(substr(cleared_on, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM cheques WHERE date(cleared_on) IS NOT cleared_on AND length(cleared_on) = 10 AND substr(cleared_on, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(cleared_on, 1, 8) || '01') = substr(cleared_on, 1, 8) || '01';
--> statement-breakpoint
UPDATE cheques SET cleared_on = date(substr(cleared_on, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(cleared_on) IS NOT cleared_on AND length(cleared_on) = 10 AND substr(cleared_on, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(cleared_on, 1, 8) || '01') = substr(cleared_on, 1, 8) || '01';
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'cheque', id, json_object('bounced_on', bounced_on),
    json_object('bounced_on', date(substr(bounced_on, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM cheques WHERE date(bounced_on) IS NOT bounced_on AND length(bounced_on) = 10 AND substr(bounced_on, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(bounced_on, 1, 8) || '01') = substr(bounced_on, 1, 8) || '01';
--> statement-breakpoint
UPDATE cheques SET bounced_on = date(substr(bounced_on, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(bounced_on) IS NOT bounced_on AND length(bounced_on) = 10 AND substr(bounced_on, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(bounced_on, 1, 8) || '01') = substr(bounced_on, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER cheques_calendar_dates_insert BEFORE INSERT ON cheques
BEGIN
  SELECT RAISE(ABORT, 'cheques.instrument_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.instrument_date) IS NOT NEW.instrument_date;
  SELECT RAISE(ABORT, 'cheques.cleared_on is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.cleared_on) IS NOT NEW.cleared_on;
  SELECT RAISE(ABORT, 'cheques.bounced_on is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.bounced_on) IS NOT NEW.bounced_on;
END;
--> statement-breakpoint
CREATE TRIGGER cheques_calendar_dates_update BEFORE UPDATE OF instrument_date, cleared_on, bounced_on ON cheques
BEGIN
  SELECT RAISE(ABORT, 'cheques.instrument_date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.instrument_date) IS NOT NEW.instrument_date;
  SELECT RAISE(ABORT, 'cheques.cleared_on is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.cleared_on) IS NOT NEW.cleared_on;
  SELECT RAISE(ABORT, 'cheques.bounced_on is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.bounced_on) IS NOT NEW.bounced_on;
END;
--> statement-breakpoint
-- A day written as 30 February when 28 February is closed too: the real day's row stays, the other goes.
INSERT INTO audit_log (user_email, action, entity, entity_id, before, department_id)
  SELECT 'migration 0020_calendar_dates', 'delete', 'day_closing', d.department_id || '/' || d.date, json_object('date', d.date), d.department_id
  FROM day_closings AS d WHERE date(d.date) IS NOT d.date AND length(d.date) = 10 AND substr(d.date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(d.date, 1, 8) || '01') = substr(d.date, 1, 8) || '01'
    AND EXISTS (SELECT 1 FROM day_closings AS k WHERE k.department_id = d.department_id AND k.date = date(substr(d.date, 1, 8) || '01', '+1 month', '-1 day'));
--> statement-breakpoint
DELETE FROM day_closings AS d WHERE date(d.date) IS NOT d.date AND length(d.date) = 10 AND substr(d.date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(d.date, 1, 8) || '01') = substr(d.date, 1, 8) || '01'
  AND EXISTS (SELECT 1 FROM day_closings AS k WHERE k.department_id = d.department_id AND k.date = date(substr(d.date, 1, 8) || '01', '+1 month', '-1 day'));
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0020_calendar_dates', 'update', 'day_closing', department_id || '/' || date, json_object('date', date),
    json_object('date', date(substr(date, 1, 8) || '01', '+1 month', '-1 day')), department_id
  FROM day_closings WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
UPDATE day_closings SET date = date(substr(date, 1, 8) || '01', '+1 month', '-1 day')
  WHERE date(date) IS NOT date AND length(date) = 10 AND substr(date, 9, 2) BETWEEN '29' AND '31'
    AND date(substr(date, 1, 8) || '01') = substr(date, 1, 8) || '01';
--> statement-breakpoint
CREATE TRIGGER day_closings_calendar_dates_insert BEFORE INSERT ON day_closings
BEGIN
  SELECT RAISE(ABORT, 'day_closings.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
--> statement-breakpoint
CREATE TRIGGER day_closings_calendar_dates_update BEFORE UPDATE OF date ON day_closings
BEGIN
  SELECT RAISE(ABORT, 'day_closings.date is not a calendar date (yyyy-MM-dd)')
    WHERE date(NEW.date) IS NOT NEW.date;
END;
