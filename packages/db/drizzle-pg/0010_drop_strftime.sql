-- The shared queries now pass "now" as a value (queries/now.ts); nothing calls 0004's SQLite strftime shim.
DROP FUNCTION strftime(text, text);
