-- A sponsor's share (less its shortfall) is owed by the sponsor, not the family: it comes off the head's fee in the
-- student's credit (advanceHeadsSql, studentMoneyPaidChange), so a family that paid what a sponsor covers holds it as
-- an advance. The text is made again with it, a change of a share recomputes the student's row, and every row is
-- computed afresh.
CREATE OR REPLACE FUNCTION student_money_refresh(refreshed integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_money WHERE student_id = refreshed;
  INSERT INTO student_money (student_id, department_id, course_id, batch_id, discount_paise, adjustment_paise, paid_paise, charges_paise, paid_outside_paise,
  credit_paise, applied_paise, refunded_paise)
    SELECT s.id, s.department_id, s.course_id, s.batch_id, COALESCE(d.discount, 0), COALESCE(d.adjustment, 0), COALESCE(p.paid, 0),
      COALESCE(ch.charges, 0), COALESCE(ch.paid_outside, 0), COALESCE(cr.credit, 0), st."appliedPaise", st."refundedPaise"
    FROM (SELECT id, department_id, course_id, batch_id FROM students WHERE id = refreshed) s
    LEFT JOIN (
      SELECT p.student_id, SUM(p.paid_paise) AS paid
      FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN student_head_paid p ON p.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = p.fee_head_id
      GROUP BY p.student_id
    ) p ON p.student_id = s.id
    LEFT JOIN (
      SELECT dc.student_id, SUM(dc.discount_paise) AS discount, SUM(dc.adjustment_paise) AS adjustment
      FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN discounts dc ON dc.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = dc.fee_head_id
      GROUP BY dc.student_id
    ) d ON d.student_id = s.id
    LEFT JOIN (
      SELECT ch.student_id, SUM(ch.amount_paise) AS charges, SUM(CASE WHEN fs.id IS NULL THEN COALESCE(p.paid_paise, 0) ELSE 0 END) AS paid_outside
      FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN (SELECT x.student_id, x.fee_head_id, SUM(x.amount_paise) AS amount_paise, SUM(x.opening_paise) AS opening_paise,
      MIN(x.opening_id) AS first_opening_id
    FROM (
      SELECT ob.student_id, ob.fee_head_id, ob.amount_paise, ob.amount_paise AS opening_paise, ob.id AS opening_id
      FROM opening_balances ob WHERE ob.student_id IN (SELECT id FROM students WHERE id = refreshed)
      UNION ALL
      SELECT p.student_id, p.fee_head_id, p.amount_paise, 0, NULL FROM (SELECT e.student_id, fs.fee_head_id, CASE WHEN fs.optional = 0 THEN fs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = fs.batch_id AND ia.fee_head_id = fs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN fs.start_date >= o.from_date AND (o.to_date IS NULL OR fs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = fs.batch_id)
      THEN fs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = e.student_id AND o.fee_head_id = fs.fee_head_id) AS BIGINT) END AS amount_paise
      FROM enrolments e JOIN fee_structures fs ON fs.batch_id = e.batch_id
      WHERE e.student_id IN (SELECT id FROM students WHERE id = refreshed) AND e.status = 'promoted' AND (fs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = e.student_id AND o.fee_head_id = fs.fee_head_id))) p
      UNION ALL
      SELECT c.student_id, fh.id, c.bounce_charge_paise, 0, NULL
      FROM cheques c JOIN fee_heads fh ON fh.name = 'Cheque bounce charge'
      WHERE c.student_id IN (SELECT id FROM students WHERE id = refreshed) AND c.status = 'bounced' AND c.bounce_charge_paise > 0
    ) x
    GROUP BY x.student_id, x.fee_head_id) ch ON ch.student_id = sel.id
      LEFT JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = ch.fee_head_id
      LEFT JOIN student_head_paid p ON p.student_id = sel.id AND p.fee_head_id = ch.fee_head_id
      GROUP BY ch.student_id
    ) ch ON ch.student_id = s.id
    LEFT JOIN (
      SELECT h."studentId" AS student_id, SUM(-((h."feePaise") - (h."discountPaise") - (h."adjustmentPaise") - (h."paidPaise"))) AS credit FROM (SELECT h.student_id AS "studentId", h.fee AS "feePaise", h.discount AS "discountPaise", h.adjustment AS "adjustmentPaise", h.paid AS "paidPaise"
     FROM (
       SELECT k.student_id, k.discount, k.adjustment, k.paid,
              k.opening + CASE WHEN fs.id IS NOT NULL THEN CASE WHEN fs.optional = 0 THEN fs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = fs.batch_id AND ia.fee_head_id = fs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN fs.start_date >= o.from_date AND (o.to_date IS NULL OR fs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = fs.batch_id)
      THEN fs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = k.student_id AND o.fee_head_id = fs.fee_head_id) AS BIGINT) END
                WHEN k.fee_head_id IN (SELECT id FROM fee_heads WHERE name = 'Cheque bounce charge') THEN (SELECT COALESCE(SUM(c.bounce_charge_paise), 0) FROM cheques c WHERE c.student_id = k.student_id AND c.status = 'bounced') ELSE 0 END
              - (SELECT COALESCE(SUM(sp.amount_paise - sp.shortfall_paise), 0) FROM sponsorships sp
    WHERE sp.student_id = k.student_id AND sp.fee_head_id = k.fee_head_id) AS fee
       FROM (
       SELECT p.student_id, sel.batch_id, p.fee_head_id, COALESCE(ob.amount_paise, 0) + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = p.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = p.fee_head_id
      WHERE pe.student_id = p.student_id AND pe.status = 'promoted') AS opening,
         COALESCE(d.discount_paise, 0) AS discount, COALESCE(d.adjustment_paise, 0) AS adjustment, p.paid_paise AS paid
       FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN student_head_paid p ON p.student_id = sel.id
       LEFT JOIN discounts d ON d.student_id = p.student_id AND d.fee_head_id = p.fee_head_id
       LEFT JOIN opening_balances ob ON ob.student_id = p.student_id AND ob.fee_head_id = p.fee_head_id
       UNION ALL
       SELECT d.student_id, sel.batch_id, d.fee_head_id, COALESCE(ob.amount_paise, 0) + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = d.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = d.fee_head_id
      WHERE pe.student_id = d.student_id AND pe.status = 'promoted'),
         d.discount_paise, d.adjustment_paise, 0
       FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN discounts d ON d.student_id = sel.id
       LEFT JOIN opening_balances ob ON ob.student_id = d.student_id AND ob.fee_head_id = d.fee_head_id
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = d.student_id AND student_head_paid.fee_head_id = d.fee_head_id)
       UNION ALL
       SELECT ob.student_id, sel.batch_id, ob.fee_head_id, ob.amount_paise + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = ob.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = ob.fee_head_id
      WHERE pe.student_id = ob.student_id AND pe.status = 'promoted'), 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN opening_balances ob ON ob.student_id = sel.id
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = ob.student_id AND student_head_paid.fee_head_id = ob.fee_head_id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = ob.student_id AND discounts.fee_head_id = ob.fee_head_id)
       UNION ALL
       SELECT DISTINCT e.student_id, sel.batch_id, efs.fee_head_id, (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = e.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = efs.fee_head_id
      WHERE pe.student_id = e.student_id AND pe.status = 'promoted'), 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN enrolments e ON e.student_id = sel.id AND e.status = 'promoted'
       JOIN fee_structures efs ON efs.batch_id = e.batch_id
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = e.student_id AND student_head_paid.fee_head_id = efs.fee_head_id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = e.student_id AND discounts.fee_head_id = efs.fee_head_id)
         AND NOT EXISTS (SELECT 1 FROM opening_balances WHERE opening_balances.student_id = e.student_id AND opening_balances.fee_head_id = efs.fee_head_id)
       UNION ALL
       SELECT sel.id, sel.batch_id, fs.fee_head_id, 0, 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.amount_paise < 0
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = sel.id AND student_head_paid.fee_head_id = fs.fee_head_id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = sel.id AND discounts.fee_head_id = fs.fee_head_id) AND NOT (EXISTS (SELECT 1 FROM opening_balances WHERE opening_balances.student_id = sel.id AND opening_balances.fee_head_id = fs.fee_head_id) OR EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = fs.fee_head_id
      WHERE pe.student_id = sel.id AND pe.status = 'promoted' AND (pfs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = sel.id AND o.fee_head_id = pfs.fee_head_id))))
       UNION ALL
       SELECT sel.id, sel.batch_id, fh.id, 0, 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel JOIN fee_heads fh ON fh.name = 'Cheque bounce charge'
       WHERE EXISTS (SELECT 1 FROM cheques c WHERE c.student_id = sel.id AND c.status = 'bounced' AND c.bounce_charge_paise > 0)
         AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = sel.batch_id AND fs.fee_head_id = fh.id)
         AND NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = sel.id AND student_head_paid.fee_head_id = fh.id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = sel.id AND discounts.fee_head_id = fh.id) AND NOT (EXISTS (SELECT 1 FROM opening_balances WHERE opening_balances.student_id = sel.id AND opening_balances.fee_head_id = fh.id) OR EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = fh.id
      WHERE pe.student_id = sel.id AND pe.status = 'promoted' AND (pfs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = sel.id AND o.fee_head_id = pfs.fee_head_id))))) k LEFT JOIN fee_structures fs ON fs.batch_id = k.batch_id AND fs.fee_head_id = k.fee_head_id
       WHERE k.fee_head_id NOT IN (SELECT id FROM fee_heads WHERE name = 'Late fee')
     ) h
     WHERE (h.fee) - (h.discount) - (h.adjustment) - (h.paid) < 0) h GROUP BY h."studentId"
    ) cr ON cr.student_id = s.id
    JOIN (SELECT sel.id AS "studentId",
            (SELECT COALESCE(SUM(total_paise), 0) FROM receipts WHERE student_id = sel.id AND status = 'live' AND payment_mode = 'advance') AS "appliedPaise",
            (SELECT COALESCE(SUM(amount_paise), 0) FROM refunds WHERE student_id = sel.id AND status = 'live') AS "refundedPaise"
     FROM (SELECT id, batch_id FROM students WHERE id = refreshed) sel) st ON st."studentId" = s.id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_head_paid_money() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE student_money SET paid_paise = paid_paise + h.structure_change, paid_outside_paise = paid_outside_paise + h.outside_change,
      credit_paise = credit_paise + h.credit_change
    FROM (
      SELECT CASE WHEN x.structure THEN NEW.paid_paise - 0 ELSE 0 END AS structure_change,
        CASE WHEN x.outside THEN NEW.paid_paise - 0 ELSE 0 END AS outside_change,
        CASE WHEN x.late THEN 0 ELSE CASE WHEN NEW.paid_paise > x.before THEN NEW.paid_paise - x.before ELSE 0 END - CASE WHEN 0 > x.before THEN 0 - x.before ELSE 0 END END AS credit_change
      FROM (
        SELECT
          COALESCE((SELECT ob.amount_paise FROM opening_balances ob WHERE ob.student_id = s.id AND ob.fee_head_id = NEW.fee_head_id), 0)
            + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = NEW.fee_head_id
      WHERE pe.student_id = s.id AND pe.status = 'promoted')
            + CASE WHEN fs.id IS NOT NULL THEN CASE WHEN fs.optional = 0 THEN fs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = fs.batch_id AND ia.fee_head_id = fs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN fs.start_date >= o.from_date AND (o.to_date IS NULL OR fs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = fs.batch_id)
      THEN fs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = fs.fee_head_id) AS BIGINT) END WHEN fh.name = 'Cheque bounce charge'
                THEN (SELECT COALESCE(SUM(c.bounce_charge_paise), 0) FROM cheques c WHERE c.student_id = s.id AND c.status = 'bounced') ELSE 0 END
            - COALESCE((SELECT dc.discount_paise + dc.adjustment_paise FROM discounts dc WHERE dc.student_id = s.id AND dc.fee_head_id = NEW.fee_head_id), 0)
            - (SELECT COALESCE(SUM(sp.amount_paise - sp.shortfall_paise), 0) FROM sponsorships sp
    WHERE sp.student_id = s.id AND sp.fee_head_id = NEW.fee_head_id) AS before,
          fh.name = 'Late fee' AS late,
          fs.id IS NOT NULL AS structure,
          fs.id IS NULL AND (
            EXISTS (SELECT 1 FROM opening_balances ob WHERE ob.student_id = s.id AND ob.fee_head_id = NEW.fee_head_id)
            OR EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = NEW.fee_head_id
      WHERE pe.student_id = s.id AND pe.status = 'promoted' AND (pfs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = pfs.fee_head_id)))
            OR (fh.name = 'Cheque bounce charge' AND EXISTS (
              SELECT 1 FROM cheques c WHERE c.student_id = s.id AND c.status = 'bounced' AND c.bounce_charge_paise > 0))
          ) AS outside
        FROM students s
        JOIN fee_heads fh ON fh.id = NEW.fee_head_id
        LEFT JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = NEW.fee_head_id
        WHERE s.id = NEW.student_id
        LIMIT 1
      ) x
    ) h
    WHERE student_money.student_id = NEW.student_id AND (h.structure_change <> 0 OR h.outside_change <> 0 OR h.credit_change <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE student_money SET paid_paise = paid_paise + h.structure_change, paid_outside_paise = paid_outside_paise + h.outside_change,
      credit_paise = credit_paise + h.credit_change
    FROM (
      SELECT CASE WHEN x.structure THEN 0 - OLD.paid_paise ELSE 0 END AS structure_change,
        CASE WHEN x.outside THEN 0 - OLD.paid_paise ELSE 0 END AS outside_change,
        CASE WHEN x.late THEN 0 ELSE CASE WHEN 0 > x.before THEN 0 - x.before ELSE 0 END - CASE WHEN OLD.paid_paise > x.before THEN OLD.paid_paise - x.before ELSE 0 END END AS credit_change
      FROM (
        SELECT
          COALESCE((SELECT ob.amount_paise FROM opening_balances ob WHERE ob.student_id = s.id AND ob.fee_head_id = OLD.fee_head_id), 0)
            + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = OLD.fee_head_id
      WHERE pe.student_id = s.id AND pe.status = 'promoted')
            + CASE WHEN fs.id IS NOT NULL THEN CASE WHEN fs.optional = 0 THEN fs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = fs.batch_id AND ia.fee_head_id = fs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN fs.start_date >= o.from_date AND (o.to_date IS NULL OR fs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = fs.batch_id)
      THEN fs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = fs.fee_head_id) AS BIGINT) END WHEN fh.name = 'Cheque bounce charge'
                THEN (SELECT COALESCE(SUM(c.bounce_charge_paise), 0) FROM cheques c WHERE c.student_id = s.id AND c.status = 'bounced') ELSE 0 END
            - COALESCE((SELECT dc.discount_paise + dc.adjustment_paise FROM discounts dc WHERE dc.student_id = s.id AND dc.fee_head_id = OLD.fee_head_id), 0)
            - (SELECT COALESCE(SUM(sp.amount_paise - sp.shortfall_paise), 0) FROM sponsorships sp
    WHERE sp.student_id = s.id AND sp.fee_head_id = OLD.fee_head_id) AS before,
          fh.name = 'Late fee' AS late,
          fs.id IS NOT NULL AS structure,
          fs.id IS NULL AND (
            EXISTS (SELECT 1 FROM opening_balances ob WHERE ob.student_id = s.id AND ob.fee_head_id = OLD.fee_head_id)
            OR EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = OLD.fee_head_id
      WHERE pe.student_id = s.id AND pe.status = 'promoted' AND (pfs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = pfs.fee_head_id)))
            OR (fh.name = 'Cheque bounce charge' AND EXISTS (
              SELECT 1 FROM cheques c WHERE c.student_id = s.id AND c.status = 'bounced' AND c.bounce_charge_paise > 0))
          ) AS outside
        FROM students s
        JOIN fee_heads fh ON fh.id = OLD.fee_head_id
        LEFT JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = OLD.fee_head_id
        WHERE s.id = OLD.student_id
        LIMIT 1
      ) x
    ) h
    WHERE student_money.student_id = OLD.student_id AND (h.structure_change <> 0 OR h.outside_change <> 0 OR h.credit_change <> 0);
  ELSIF OLD.student_id = NEW.student_id AND OLD.fee_head_id = NEW.fee_head_id THEN
    UPDATE student_money SET paid_paise = paid_paise + h.structure_change, paid_outside_paise = paid_outside_paise + h.outside_change,
      credit_paise = credit_paise + h.credit_change
    FROM (
      SELECT CASE WHEN x.structure THEN NEW.paid_paise - OLD.paid_paise ELSE 0 END AS structure_change,
        CASE WHEN x.outside THEN NEW.paid_paise - OLD.paid_paise ELSE 0 END AS outside_change,
        CASE WHEN x.late THEN 0 ELSE CASE WHEN NEW.paid_paise > x.before THEN NEW.paid_paise - x.before ELSE 0 END - CASE WHEN OLD.paid_paise > x.before THEN OLD.paid_paise - x.before ELSE 0 END END AS credit_change
      FROM (
        SELECT
          COALESCE((SELECT ob.amount_paise FROM opening_balances ob WHERE ob.student_id = s.id AND ob.fee_head_id = NEW.fee_head_id), 0)
            + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = NEW.fee_head_id
      WHERE pe.student_id = s.id AND pe.status = 'promoted')
            + CASE WHEN fs.id IS NOT NULL THEN CASE WHEN fs.optional = 0 THEN fs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = fs.batch_id AND ia.fee_head_id = fs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN fs.start_date >= o.from_date AND (o.to_date IS NULL OR fs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = fs.batch_id)
      THEN fs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = fs.fee_head_id) AS BIGINT) END WHEN fh.name = 'Cheque bounce charge'
                THEN (SELECT COALESCE(SUM(c.bounce_charge_paise), 0) FROM cheques c WHERE c.student_id = s.id AND c.status = 'bounced') ELSE 0 END
            - COALESCE((SELECT dc.discount_paise + dc.adjustment_paise FROM discounts dc WHERE dc.student_id = s.id AND dc.fee_head_id = NEW.fee_head_id), 0)
            - (SELECT COALESCE(SUM(sp.amount_paise - sp.shortfall_paise), 0) FROM sponsorships sp
    WHERE sp.student_id = s.id AND sp.fee_head_id = NEW.fee_head_id) AS before,
          fh.name = 'Late fee' AS late,
          fs.id IS NOT NULL AS structure,
          fs.id IS NULL AND (
            EXISTS (SELECT 1 FROM opening_balances ob WHERE ob.student_id = s.id AND ob.fee_head_id = NEW.fee_head_id)
            OR EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = NEW.fee_head_id
      WHERE pe.student_id = s.id AND pe.status = 'promoted' AND (pfs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = s.id AND o.fee_head_id = pfs.fee_head_id)))
            OR (fh.name = 'Cheque bounce charge' AND EXISTS (
              SELECT 1 FROM cheques c WHERE c.student_id = s.id AND c.status = 'bounced' AND c.bounce_charge_paise > 0))
          ) AS outside
        FROM students s
        JOIN fee_heads fh ON fh.id = NEW.fee_head_id
        LEFT JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = NEW.fee_head_id
        WHERE s.id = NEW.student_id
        LIMIT 1
      ) x
    ) h
    WHERE student_money.student_id = NEW.student_id AND (h.structure_change <> 0 OR h.outside_change <> 0 OR h.credit_change <> 0);
  ELSE
    PERFORM student_money_refresh(OLD.student_id);
    PERFORM student_money_refresh(NEW.student_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sponsorships_money AFTER INSERT OR DELETE OR UPDATE OF student_id, fee_head_id, amount_paise, shortfall_paise
ON sponsorships FOR EACH ROW EXECUTE FUNCTION student_money_of_row();
--> statement-breakpoint
DELETE FROM student_money;
--> statement-breakpoint
INSERT INTO student_money (student_id, department_id, course_id, batch_id, discount_paise, adjustment_paise, paid_paise, charges_paise, paid_outside_paise,
  credit_paise, applied_paise, refunded_paise)
    SELECT s.id, s.department_id, s.course_id, s.batch_id, COALESCE(d.discount, 0), COALESCE(d.adjustment, 0), COALESCE(p.paid, 0),
      COALESCE(ch.charges, 0), COALESCE(ch.paid_outside, 0), COALESCE(cr.credit, 0), st."appliedPaise", st."refundedPaise"
    FROM (SELECT id, department_id, course_id, batch_id FROM students WHERE TRUE) s
    LEFT JOIN (
      SELECT p.student_id, SUM(p.paid_paise) AS paid
      FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN student_head_paid p ON p.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = p.fee_head_id
      GROUP BY p.student_id
    ) p ON p.student_id = s.id
    LEFT JOIN (
      SELECT dc.student_id, SUM(dc.discount_paise) AS discount, SUM(dc.adjustment_paise) AS adjustment
      FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN discounts dc ON dc.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = dc.fee_head_id
      GROUP BY dc.student_id
    ) d ON d.student_id = s.id
    LEFT JOIN (
      SELECT ch.student_id, SUM(ch.amount_paise) AS charges, SUM(CASE WHEN fs.id IS NULL THEN COALESCE(p.paid_paise, 0) ELSE 0 END) AS paid_outside
      FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN (SELECT x.student_id, x.fee_head_id, SUM(x.amount_paise) AS amount_paise, SUM(x.opening_paise) AS opening_paise,
      MIN(x.opening_id) AS first_opening_id
    FROM (
      SELECT ob.student_id, ob.fee_head_id, ob.amount_paise, ob.amount_paise AS opening_paise, ob.id AS opening_id
      FROM opening_balances ob WHERE ob.student_id IN (SELECT id FROM students WHERE TRUE)
      UNION ALL
      SELECT p.student_id, p.fee_head_id, p.amount_paise, 0, NULL FROM (SELECT e.student_id, fs.fee_head_id, CASE WHEN fs.optional = 0 THEN fs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = fs.batch_id AND ia.fee_head_id = fs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN fs.start_date >= o.from_date AND (o.to_date IS NULL OR fs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = fs.batch_id)
      THEN fs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = e.student_id AND o.fee_head_id = fs.fee_head_id) AS BIGINT) END AS amount_paise
      FROM enrolments e JOIN fee_structures fs ON fs.batch_id = e.batch_id
      WHERE e.student_id IN (SELECT id FROM students WHERE TRUE) AND e.status = 'promoted' AND (fs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = e.student_id AND o.fee_head_id = fs.fee_head_id))) p
      UNION ALL
      SELECT c.student_id, fh.id, c.bounce_charge_paise, 0, NULL
      FROM cheques c JOIN fee_heads fh ON fh.name = 'Cheque bounce charge'
      WHERE c.student_id IN (SELECT id FROM students WHERE TRUE) AND c.status = 'bounced' AND c.bounce_charge_paise > 0
    ) x
    GROUP BY x.student_id, x.fee_head_id) ch ON ch.student_id = sel.id
      LEFT JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = ch.fee_head_id
      LEFT JOIN student_head_paid p ON p.student_id = sel.id AND p.fee_head_id = ch.fee_head_id
      GROUP BY ch.student_id
    ) ch ON ch.student_id = s.id
    LEFT JOIN (
      SELECT h."studentId" AS student_id, SUM(-((h."feePaise") - (h."discountPaise") - (h."adjustmentPaise") - (h."paidPaise"))) AS credit FROM (SELECT h.student_id AS "studentId", h.fee AS "feePaise", h.discount AS "discountPaise", h.adjustment AS "adjustmentPaise", h.paid AS "paidPaise"
     FROM (
       SELECT k.student_id, k.discount, k.adjustment, k.paid,
              k.opening + CASE WHEN fs.id IS NOT NULL THEN CASE WHEN fs.optional = 0 THEN fs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = fs.batch_id AND ia.fee_head_id = fs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN fs.start_date >= o.from_date AND (o.to_date IS NULL OR fs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = fs.batch_id)
      THEN fs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = k.student_id AND o.fee_head_id = fs.fee_head_id) AS BIGINT) END
                WHEN k.fee_head_id IN (SELECT id FROM fee_heads WHERE name = 'Cheque bounce charge') THEN (SELECT COALESCE(SUM(c.bounce_charge_paise), 0) FROM cheques c WHERE c.student_id = k.student_id AND c.status = 'bounced') ELSE 0 END
              - (SELECT COALESCE(SUM(sp.amount_paise - sp.shortfall_paise), 0) FROM sponsorships sp
    WHERE sp.student_id = k.student_id AND sp.fee_head_id = k.fee_head_id) AS fee
       FROM (
       SELECT p.student_id, sel.batch_id, p.fee_head_id, COALESCE(ob.amount_paise, 0) + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = p.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = p.fee_head_id
      WHERE pe.student_id = p.student_id AND pe.status = 'promoted') AS opening,
         COALESCE(d.discount_paise, 0) AS discount, COALESCE(d.adjustment_paise, 0) AS adjustment, p.paid_paise AS paid
       FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN student_head_paid p ON p.student_id = sel.id
       LEFT JOIN discounts d ON d.student_id = p.student_id AND d.fee_head_id = p.fee_head_id
       LEFT JOIN opening_balances ob ON ob.student_id = p.student_id AND ob.fee_head_id = p.fee_head_id
       UNION ALL
       SELECT d.student_id, sel.batch_id, d.fee_head_id, COALESCE(ob.amount_paise, 0) + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = d.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = d.fee_head_id
      WHERE pe.student_id = d.student_id AND pe.status = 'promoted'),
         d.discount_paise, d.adjustment_paise, 0
       FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN discounts d ON d.student_id = sel.id
       LEFT JOIN opening_balances ob ON ob.student_id = d.student_id AND ob.fee_head_id = d.fee_head_id
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = d.student_id AND student_head_paid.fee_head_id = d.fee_head_id)
       UNION ALL
       SELECT ob.student_id, sel.batch_id, ob.fee_head_id, ob.amount_paise + (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = ob.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = ob.fee_head_id
      WHERE pe.student_id = ob.student_id AND pe.status = 'promoted'), 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN opening_balances ob ON ob.student_id = sel.id
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = ob.student_id AND student_head_paid.fee_head_id = ob.fee_head_id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = ob.student_id AND discounts.fee_head_id = ob.fee_head_id)
       UNION ALL
       SELECT DISTINCT e.student_id, sel.batch_id, efs.fee_head_id, (SELECT COALESCE(SUM(CASE WHEN pfs.optional = 0 THEN pfs.amount_paise ELSE CAST((
      SELECT COALESCE(SUM((SELECT COALESCE(SUM(ia.amount_paise), 0) FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = pfs.batch_id AND ia.fee_head_id = pfs.fee_head_id AND i.due_date >= o.from_date AND (o.to_date IS NULL OR i.due_date <= o.to_date))
    + CASE WHEN pfs.start_date >= o.from_date AND (o.to_date IS NULL OR pfs.start_date <= o.to_date)
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = pfs.batch_id)
      THEN pfs.amount_paise ELSE 0 END), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = e.student_id AND o.fee_head_id = pfs.fee_head_id) AS BIGINT) END), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = efs.fee_head_id
      WHERE pe.student_id = e.student_id AND pe.status = 'promoted'), 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN enrolments e ON e.student_id = sel.id AND e.status = 'promoted'
       JOIN fee_structures efs ON efs.batch_id = e.batch_id
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = e.student_id AND student_head_paid.fee_head_id = efs.fee_head_id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = e.student_id AND discounts.fee_head_id = efs.fee_head_id)
         AND NOT EXISTS (SELECT 1 FROM opening_balances WHERE opening_balances.student_id = e.student_id AND opening_balances.fee_head_id = efs.fee_head_id)
       UNION ALL
       SELECT sel.id, sel.batch_id, fs.fee_head_id, 0, 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.amount_paise < 0
       WHERE NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = sel.id AND student_head_paid.fee_head_id = fs.fee_head_id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = sel.id AND discounts.fee_head_id = fs.fee_head_id) AND NOT (EXISTS (SELECT 1 FROM opening_balances WHERE opening_balances.student_id = sel.id AND opening_balances.fee_head_id = fs.fee_head_id) OR EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = fs.fee_head_id
      WHERE pe.student_id = sel.id AND pe.status = 'promoted' AND (pfs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = sel.id AND o.fee_head_id = pfs.fee_head_id))))
       UNION ALL
       SELECT sel.id, sel.batch_id, fh.id, 0, 0, 0, 0
       FROM (SELECT id, batch_id FROM students WHERE TRUE) sel JOIN fee_heads fh ON fh.name = 'Cheque bounce charge'
       WHERE EXISTS (SELECT 1 FROM cheques c WHERE c.student_id = sel.id AND c.status = 'bounced' AND c.bounce_charge_paise > 0)
         AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = sel.batch_id AND fs.fee_head_id = fh.id)
         AND NOT EXISTS (SELECT 1 FROM student_head_paid WHERE student_head_paid.student_id = sel.id AND student_head_paid.fee_head_id = fh.id) AND NOT EXISTS (SELECT 1 FROM discounts WHERE discounts.student_id = sel.id AND discounts.fee_head_id = fh.id) AND NOT (EXISTS (SELECT 1 FROM opening_balances WHERE opening_balances.student_id = sel.id AND opening_balances.fee_head_id = fh.id) OR EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = fh.id
      WHERE pe.student_id = sel.id AND pe.status = 'promoted' AND (pfs.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = sel.id AND o.fee_head_id = pfs.fee_head_id))))) k LEFT JOIN fee_structures fs ON fs.batch_id = k.batch_id AND fs.fee_head_id = k.fee_head_id
       WHERE k.fee_head_id NOT IN (SELECT id FROM fee_heads WHERE name = 'Late fee')
     ) h
     WHERE (h.fee) - (h.discount) - (h.adjustment) - (h.paid) < 0) h GROUP BY h."studentId"
    ) cr ON cr.student_id = s.id
    JOIN (SELECT sel.id AS "studentId",
            (SELECT COALESCE(SUM(total_paise), 0) FROM receipts WHERE student_id = sel.id AND status = 'live' AND payment_mode = 'advance') AS "appliedPaise",
            (SELECT COALESCE(SUM(amount_paise), 0) FROM refunds WHERE student_id = sel.id AND status = 'live') AS "refundedPaise"
     FROM (SELECT id, batch_id FROM students WHERE TRUE) sel) st ON st."studentId" = s.id;
