-- SQLite's strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), the one form the shared SQL uses for "now" as ISO
-- text in UTC (the timestamps of updated_at, voided_at, ...), so that those texts run unchanged here.
CREATE FUNCTION strftime(format text, at text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF format = '%Y-%m-%dT%H:%M:%fZ' AND at = 'now' THEN
    RETURN to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  END IF;
  RAISE EXCEPTION 'strftime(%, %) is not supported on PostgreSQL', format, at;
END $$;
