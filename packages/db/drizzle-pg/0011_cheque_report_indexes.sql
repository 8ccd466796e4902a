CREATE INDEX "receipts_instrument_date_idx" ON "receipts" USING btree ("date","status","net_paise") WHERE "receipts"."payment_mode" IN ('cheque', 'dd');--> statement-breakpoint
CREATE INDEX "cheques_cleared_on_idx" ON "cheques" USING btree ("cleared_on");--> statement-breakpoint
CREATE INDEX "cheques_bounced_on_idx" ON "cheques" USING btree ("bounced_on");