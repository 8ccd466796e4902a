import { describe, expect, it } from 'vitest';
import { type ChannelRun, channelOrder, compareRuns, percent } from './receipt-messages';

const run = (channel: ChannelRun['channel'], p99Ms: number, receiptsPerSec = 100): ChannelRun => ({
  channel,
  receiptsPerSec,
  p50Ms: 20,
  p99Ms,
  cpuMsPerReceipt: channel === 'email' ? 2.75 : 2.5,
});

describe('compareRuns', () => {
  it("compares e-mail's medians with no channel's, as shares, and holds the p99 to 10%", () => {
    const within = compareRuns([run('none', 40), run('email', 43), run('none', 60), run('email', 45), run('none', 50)]);
    expect(within.base.p99Ms).toBe(50);
    // Nearest-rank median of two runs: the lower one.
    expect(within.channel.p99Ms).toBe(43);
    expect(within.change.p99Ms).toBeCloseTo(-0.14);
    expect(within.change.cpuMsPerReceipt).toBeCloseTo(0.1);
    expect(within.ok).toBe(true);
    const slower = compareRuns([run('none', 40), run('email', 44.4)]);
    expect(slower.change.p99Ms).toBeCloseTo(0.11);
    expect(slower.ok).toBe(false);
    expect(compareRuns([run('none', 40), run('email', 44)]).ok).toBe(true);
  });

  it('compares any two kinds: e-mail with its server down against e-mail on', () => {
    const down = compareRuns([run('email', 40), run('email-down', 42), run('none', 10)], 'email-down', 'email');
    expect(down.base.p99Ms).toBe(40);
    expect(down.change.p99Ms).toBeCloseTo(0.05);
    expect(down.ok).toBe(true);
  });

  it('refuses to compare without a run of each kind', () => {
    expect(() => compareRuns([run('none', 40)])).toThrow('no run with channel email');
  });
});

describe('percent', () => {
  it('signs the share and keeps one decimal', () => {
    expect(percent(0.0423)).toBe('+4.2%');
    expect(percent(-0.1)).toBe('-10.0%');
    expect(percent(0)).toBe('+0.0%');
    expect(percent(Number.NaN)).toBe('-');
  });
});

describe('channelOrder', () => {
  it('moves each channel one place a round, so that each is measured first, second and last once in three', () => {
    expect(channelOrder(1)).toEqual(['none', 'email', 'email-down']);
    expect(channelOrder(2)).toEqual(['email', 'email-down', 'none']);
    expect(channelOrder(3)).toEqual(['email-down', 'none', 'email']);
    expect(channelOrder(4)).toEqual(channelOrder(1));
  });
});
