/**
 * The one seeded generator (mulberry32): the same seed gives the same demo and synthetic data, and a
 * randomized test replays. Imported as `@fees/validation/testing` by the tools and by tests; it lives
 * here because every one of them already depends on @fees/validation, and under test/ so that
 * production code cannot import it (biome's noRestrictedImports).
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** k distinct items of the list, in the list's order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(k, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
  }
}
