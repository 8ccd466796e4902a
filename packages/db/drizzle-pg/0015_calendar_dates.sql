-- Every yyyy-MM-dd column refuses a day no calendar has (2026-02-30): a CHECK with is_calendar_date. Rows
-- written before (the demo loader's instalments due "day 30 of the 8th month after June") are first moved to the
-- last day of their month, each repair written to the audit log as a change by this migration. The constraints
-- are NOT VALID so that a value no repair can read (no date at all) never stops the server from starting; every
-- row written from now on is checked. The columns the totals' triggers copy from receipts.date (daily
-- collections, student_payments) hold only what receipts.date accepted.
CREATE FUNCTION is_calendar_date(value text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL THEN true
    WHEN value !~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' THEN false
    ELSE substr(value, 9, 2)::int <= CASE substr(value, 6, 2)::int
      WHEN 2 THEN CASE WHEN (substr(value, 1, 4)::int % 4 = 0 AND substr(value, 1, 4)::int % 100 <> 0)
        OR substr(value, 1, 4)::int % 400 = 0 THEN 29 ELSE 28 END
      WHEN 4 THEN 30 WHEN 6 THEN 30 WHEN 9 THEN 30 WHEN 11 THEN 30
      ELSE 31 END
  END
$$;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'batch', (id)::text, json_build_object('start_date', start_date)::text,
    json_build_object('start_date', to_char(to_date(substr(start_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM batches WHERE NOT is_calendar_date(start_date) AND start_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE batches SET start_date = to_char(to_date(substr(start_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(start_date) AND start_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_start_date_calendar" CHECK (is_calendar_date("batches"."start_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'batch', (id)::text, json_build_object('end_date', end_date)::text,
    json_build_object('end_date', to_char(to_date(substr(end_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM batches WHERE NOT is_calendar_date(end_date) AND end_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE batches SET end_date = to_char(to_date(substr(end_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(end_date) AND end_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_end_date_calendar" CHECK (is_calendar_date("batches"."end_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'student', (id)::text, json_build_object('admission_date', admission_date)::text,
    json_build_object('admission_date', to_char(to_date(substr(admission_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM students WHERE NOT is_calendar_date(admission_date) AND admission_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE students SET admission_date = to_char(to_date(substr(admission_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(admission_date) AND admission_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_admission_date_calendar" CHECK (is_calendar_date("students"."admission_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'student', (id)::text, json_build_object('date_of_birth', date_of_birth)::text,
    json_build_object('date_of_birth', to_char(to_date(substr(date_of_birth, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM students WHERE NOT is_calendar_date(date_of_birth) AND date_of_birth ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE students SET date_of_birth = to_char(to_date(substr(date_of_birth, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(date_of_birth) AND date_of_birth ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_date_of_birth_calendar" CHECK (is_calendar_date("students"."date_of_birth")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'fee_structure', (id)::text, json_build_object('start_date', start_date)::text,
    json_build_object('start_date', to_char(to_date(substr(start_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, NULL
  FROM fee_structures WHERE NOT is_calendar_date(start_date) AND start_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE fee_structures SET start_date = to_char(to_date(substr(start_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(start_date) AND start_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_start_date_calendar" CHECK (is_calendar_date("fee_structures"."start_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'fee_structure', (id)::text, json_build_object('end_date', end_date)::text,
    json_build_object('end_date', to_char(to_date(substr(end_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, NULL
  FROM fee_structures WHERE NOT is_calendar_date(end_date) AND end_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE fee_structures SET end_date = to_char(to_date(substr(end_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(end_date) AND end_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_end_date_calendar" CHECK (is_calendar_date("fee_structures"."end_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'instalment_plan', (batch_id)::text, json_build_object('due_date', due_date)::text,
    json_build_object('due_date', to_char(to_date(substr(due_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, NULL
  FROM instalments WHERE NOT is_calendar_date(due_date) AND due_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE instalments SET due_date = to_char(to_date(substr(due_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(due_date) AND due_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_due_date_calendar" CHECK (is_calendar_date("instalments"."due_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'opening_balance', (id)::text, json_build_object('due_date', due_date)::text,
    json_build_object('due_date', to_char(to_date(substr(due_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, NULL
  FROM opening_balances WHERE NOT is_calendar_date(due_date) AND due_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE opening_balances SET due_date = to_char(to_date(substr(due_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(due_date) AND due_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_due_date_calendar" CHECK (is_calendar_date("opening_balances"."due_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'fine_waiver', (id)::text, json_build_object('date', date)::text,
    json_build_object('date', to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, NULL
  FROM fine_waivers WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE fine_waivers SET date = to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "fine_waivers" ADD CONSTRAINT "fine_waivers_date_calendar" CHECK (is_calendar_date("fine_waivers"."date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'receipt', (id)::text, json_build_object('date', date)::text,
    json_build_object('date', to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM receipts WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE receipts SET date = to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
-- The running totals keep a day's row at zero when its receipts move to another day: the impossible day's go.
DELETE FROM daily_head_collections WHERE NOT is_calendar_date(date) AND amount_paise = 0;
--> statement-breakpoint
DELETE FROM daily_mode_collections WHERE NOT is_calendar_date(date) AND receipt_count = 0;
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_date_calendar" CHECK (is_calendar_date("receipts"."date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'refund', (id)::text, json_build_object('date', date)::text,
    json_build_object('date', to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM refunds WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE refunds SET date = to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_date_calendar" CHECK (is_calendar_date("refunds"."date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'cheque', (id)::text, json_build_object('instrument_date', instrument_date)::text,
    json_build_object('instrument_date', to_char(to_date(substr(instrument_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM cheques WHERE NOT is_calendar_date(instrument_date) AND instrument_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE cheques SET instrument_date = to_char(to_date(substr(instrument_date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(instrument_date) AND instrument_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_instrument_date_calendar" CHECK (is_calendar_date("cheques"."instrument_date")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'cheque', (id)::text, json_build_object('cleared_on', cleared_on)::text,
    json_build_object('cleared_on', to_char(to_date(substr(cleared_on, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM cheques WHERE NOT is_calendar_date(cleared_on) AND cleared_on ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE cheques SET cleared_on = to_char(to_date(substr(cleared_on, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(cleared_on) AND cleared_on ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_cleared_on_calendar" CHECK (is_calendar_date("cheques"."cleared_on")) NOT VALID;
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'cheque', (id)::text, json_build_object('bounced_on', bounced_on)::text,
    json_build_object('bounced_on', to_char(to_date(substr(bounced_on, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM cheques WHERE NOT is_calendar_date(bounced_on) AND bounced_on ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE cheques SET bounced_on = to_char(to_date(substr(bounced_on, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(bounced_on) AND bounced_on ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_bounced_on_calendar" CHECK (is_calendar_date("cheques"."bounced_on")) NOT VALID;
--> statement-breakpoint
-- A day written as 30 February when 28 February is closed too: the real day's row stays, the other goes.
INSERT INTO audit_log (user_email, action, entity, entity_id, before, department_id)
  SELECT 'migration 0015_calendar_dates', 'delete', 'day_closing', (d.department_id || '/' || d.date)::text, json_build_object('date', d.date)::text, d.department_id
  FROM day_closings AS d WHERE NOT is_calendar_date(d.date) AND d.date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$'
    AND EXISTS (SELECT 1 FROM day_closings AS k WHERE k.department_id = d.department_id AND k.date = to_char(to_date(substr(d.date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'));
--> statement-breakpoint
DELETE FROM day_closings AS d WHERE NOT is_calendar_date(d.date) AND d.date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$'
  AND EXISTS (SELECT 1 FROM day_closings AS k WHERE k.department_id = d.department_id AND k.date = to_char(to_date(substr(d.date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'));
--> statement-breakpoint
INSERT INTO audit_log (user_email, action, entity, entity_id, before, after, department_id)
  SELECT 'migration 0015_calendar_dates', 'update', 'day_closing', (department_id || '/' || date)::text, json_build_object('date', date)::text,
    json_build_object('date', to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD'))::text, department_id
  FROM day_closings WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
UPDATE day_closings SET date = to_char(to_date(substr(date, 1, 8) || '01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day', 'YYYY-MM-DD')
  WHERE NOT is_calendar_date(date) AND date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(29|30|31)$';
--> statement-breakpoint
ALTER TABLE "day_closings" ADD CONSTRAINT "day_closings_date_calendar" CHECK (is_calendar_date("day_closings"."date")) NOT VALID;
