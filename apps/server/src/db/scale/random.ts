/**
 * The generator's only source of chance: mulberry32, a 32-bit PRNG small enough to read and fast
 * enough for millions of rows (decision 0037). Every domain draws from a stream of its own, seeded from
 * the run's seed and the domain's name, so a domain added later does not change what the others make.
 */
export class Random {
  private state: number;

  constructor(seed: number, stream = '') {
    let hash = seed >>> 0;
    for (let index = 0; index < stream.length; index++)
      hash = Math.imul(hash ^ stream.charCodeAt(index), 0x9e3779b1) >>> 0;
    this.state = hash || 0x6d2b79f5;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the keys, in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** A count with mean about `mean`, never below `min` (a geometric spread: most small, a few long). */
  geometric(mean: number, min = 0): number {
    if (mean <= min) return min;
    const p = 1 / (mean - min + 1);
    return min + Math.floor(Math.log(1 - this.next()) / Math.log(1 - p));
  }

  /** A version-4-shaped UUID from this stream (deterministic, unlike crypto.randomUUID). */
  uuid(): string {
    const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
    const a = hex(this.next() * 4294967296);
    const b = hex(this.next() * 4294967296);
    const c = hex(this.next() * 4294967296);
    const d = hex(this.next() * 4294967296);
    const variant = ((parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  }
}
