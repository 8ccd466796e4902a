DROP INDEX "messages_provider_idx";--> statement-breakpoint
CREATE INDEX "messages_provider_idx" ON "messages" USING btree ("provider_id") WHERE "messages"."provider_id" IS NOT NULL;