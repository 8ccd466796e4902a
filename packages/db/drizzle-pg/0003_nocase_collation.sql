-- SQLite's NOCASE collation under the same name, so that `x COLLATE NOCASE` in a shared SQL text
-- compares and sorts ignoring case here too (ICU, case-insensitive: strength 2).
CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
