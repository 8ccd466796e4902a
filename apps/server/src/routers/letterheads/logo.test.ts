import { auditLog } from '@fees/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldRefusal } from '../../test/refusal';
import { useHarness } from '../../test/use-harness';

const h = useHarness();

/** A 1x1 PNG, and bytes that only look like images by name or size. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(100, 1),
  Buffer.from([0xff, 0xd9]),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('letterhead logos', () => {
  it('stores a PNG or a JPEG by its bytes and gives it back to the department as a data URL', async () => {
    const api = h.caller('admin').letterheads;
    expect(await h.caller('ugStaff').letterheads.logo({ depId: 100 })).toEqual({ logo: null });
    expect(await api.setLogo({ depId: 100, image: PNG.toString('base64') })).toMatchObject({ Result: 'SAVED' });
    expect(await h.caller('ugStaff').letterheads.logo({ depId: 100 })).toEqual({
      logo: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    await api.setLogo({ depId: 100, image: JPEG.toString('base64') });
    expect((await h.caller('ugStaff').letterheads.logo({ depId: 100 })).logo).toBe(
      `data:image/jpeg;base64,${JPEG.toString('base64')}`,
    );
    expect((await h.caller('admin').admin.settings.get()).letterheads.map((l) => [l.depId, l.hasLogo])).toEqual([
      [100, true],
      [101, false],
      [102, false],
      [103, false],
      [104, false],
      [105, false],
    ]);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entity, 'letterhead_logo'));
    expect(audit.map((a) => [a.action, a.entityId, a.before && JSON.parse(a.before), JSON.parse(a.after!)])).toEqual([
      ['update', '100', null, { mimeType: 'image/png', size: PNG.length }],
      ['update', '100', { mimeType: 'image/png', size: PNG.length }, { mimeType: 'image/jpeg', size: JPEG.length }],
    ]);
  });

  it('refuses SVG, GIF, text, broken base64 and anything over 200 KB, and keeps the logo it had', async () => {
    const api = h.caller('admin').letterheads;
    await api.setLogo({ depId: 101, image: PNG.toString('base64') });
    const send = (image: string) => fieldRefusal(api.setLogo({ depId: 101, image }));
    for (const bytes of [SVG, GIF, Buffer.from('just text'), Buffer.from([0x89, 0x50, 0x4e, 0x47])]) {
      expect(await send(bytes.toString('base64'))).toMatchObject({
        code: 'BAD_REQUEST',
        fields: { image: 'Choose a PNG or JPEG image' },
      });
    }
    expect((await send('not base64 at all!')).fields).toEqual({ image: 'Choose a PNG or JPEG image' });
    const big = Buffer.concat([PNG, Buffer.alloc(200 * 1024 - PNG.length + 1)]);
    expect((await send(big.toString('base64'))).fields).toEqual({ image: 'The logo must be at most 200 KB' });
    const huge = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    expect((await send(huge.toString('base64'))).fields).toEqual({ image: 'The logo must be at most 200 KB' });
    const limit = Buffer.concat([PNG, Buffer.alloc(200 * 1024 - PNG.length)]);
    expect(await api.setLogo({ depId: 102, image: limit.toString('base64') })).toMatchObject({ Result: 'SAVED' });
    expect((await h.caller('pgStaff').letterheads.logo({ depId: 101 })).logo).toBe(
      `data:image/png;base64,${PNG.toString('base64')}`,
    );
  });

  it('removes a logo; staff see only their own department', async () => {
    const api = h.caller('admin').letterheads;
    await api.setLogo({ depId: 100, image: PNG.toString('base64') });
    expect((await fieldRefusal(h.caller('pgStaff').letterheads.logo({ depId: 100 }))).code).toBe('FORBIDDEN');
    expect(
      (await fieldRefusal(h.caller('ugStaff').letterheads.setLogo({ depId: 100, image: PNG.toString('base64') }))).code,
    ).toBe('FORBIDDEN');
    expect(await api.removeLogo({ depId: 100 })).toMatchObject({ Result: 'DELETED' });
    expect(await h.caller('ugStaff').letterheads.logo({ depId: 100 })).toEqual({ logo: null });
  });
});
