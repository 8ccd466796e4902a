import { describe, expect, it } from 'vitest';
import { SqlStatementReader } from './sql-statements';

const TEXT = `PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE "notes" (id integer primary key, body text, [odd;name] text);
INSERT INTO "notes" VALUES(1,'a; b -- not a comment','x');
INSERT INTO "notes" VALUES(2,'it''s
two lines; really',NULL); -- a comment; with a semicolon
/* a block; comment */ INSERT INTO \`notes\` VALUES(3,"q;",X'00');
CREATE TRIGGER notes_end AFTER INSERT ON notes
BEGIN
  UPDATE notes SET body = 'end;' WHERE id = NEW.id;
  SELECT CASE WHEN NEW.id > 9 THEN 1 END;
END;
CREATE TEMP TRIGGER t2 AFTER DELETE ON notes BEGIN DELETE FROM notes WHERE id = OLD.id + 1; END;
COMMIT;
`;

function readInPieces(text: string, size: number) {
  const reader = new SqlStatementReader();
  const statements = [];
  for (let at = 0; at < text.length; at += size) statements.push(...reader.push(text.slice(at, at + size)));
  return { statements, rest: reader.end() };
}

describe('SqlStatementReader', () => {
  it("ends statements where SQLite's sqlite3_complete does, however the text is cut into pieces", () => {
    const whole = readInPieces(TEXT, TEXT.length);
    expect(whole.rest).toBeNull();
    expect(whole.statements.map((s) => s.line)).toEqual([1, 2, 3, 4, 5, 6, 8, 13, 14]);
    expect(whole.statements[4]!.text.trim()).toBe("INSERT INTO \"notes\" VALUES(2,'it''s\ntwo lines; really',NULL);");
    expect(whole.statements[5]!.text).toMatch(/^\s*-- a comment; with a semicolon\n\/\* a block; comment \*\/ INSERT/);
    expect(whole.statements[6]!.text).toMatch(/^\nCREATE TRIGGER notes_end[\s\S]*END;$/);
    for (const size of [1, 2, 3, 7, 64]) expect(readInPieces(TEXT, size)).toEqual(whole);
  });

  it('tells an unfinished last statement from trailing comments', () => {
    expect(readInPieces('COMMIT;\n-- done', 4).rest).toBeNull();
    expect(readInPieces('BEGIN;\nINSERT INTO t VALUES(1,', 5).rest).toEqual({
      text: 'INSERT INTO t VALUES(1,',
      line: 2,
    });
    expect(readInPieces("INSERT INTO t VALUES('open;\n", 3).rest?.line).toBe(1);
    expect(readInPieces('CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1;', 6).rest?.line).toBe(1);
  });
});
