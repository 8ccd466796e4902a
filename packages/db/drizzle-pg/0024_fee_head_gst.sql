ALTER TABLE "fee_heads" ADD COLUMN "gst_treatment" text DEFAULT 'exempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_heads" ADD COLUMN "gst_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_heads" ADD COLUMN "gst_code" text;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD COLUMN "gst_code" text;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD COLUMN "tax_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "gstin" text;--> statement-breakpoint
-- Heads become taxable at today's foundation-wide rate when it is not 0, so receipts issued after this
-- migration are taxed as before; with a rate of 0 every head stays exempt.
UPDATE fee_heads SET gst_treatment = 'taxable',
  gst_rate_basis_points = (SELECT gst_rate_basis_points FROM settings WHERE id = 1)
WHERE (SELECT gst_rate_basis_points FROM settings WHERE id = 1) > 0;--> statement-breakpoint
-- Issued receipts keep their rate and their tax: each line gets the receipt's rate and its own rounded tax...
UPDATE receipt_lines SET
  tax_rate_basis_points = (SELECT r.tax_rate_basis_points FROM receipts r WHERE r.id = receipt_lines.receipt_id),
  tax_paise = (amount_paise * (SELECT r.tax_rate_basis_points FROM receipts r WHERE r.id = receipt_lines.receipt_id)
    + 5000) / 10000
WHERE receipt_id IN (SELECT id FROM receipts WHERE tax_rate_basis_points > 0);--> statement-breakpoint
-- ...and the paise between the receipt's tax (rounded once on its total) and the lines' sum go to its largest
-- line, so the lines add up to the tax the receipt was issued with.
UPDATE receipt_lines SET tax_paise = tax_paise
  + (SELECT r.tax_paise FROM receipts r WHERE r.id = receipt_lines.receipt_id)
  - (SELECT SUM(x.tax_paise) FROM receipt_lines x WHERE x.receipt_id = receipt_lines.receipt_id)
WHERE id IN (
  SELECT (SELECT x.id FROM receipt_lines x WHERE x.receipt_id = r.id ORDER BY x.amount_paise DESC, x.line_no LIMIT 1)
  FROM receipts r WHERE r.tax_rate_basis_points > 0
);
