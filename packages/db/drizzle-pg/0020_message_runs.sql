CREATE TABLE "message_runs" (
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" text DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	CONSTRAINT "message_runs_kind_day_pk" PRIMARY KEY("kind","day")
);
