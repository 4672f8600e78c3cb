import type { Actor } from './access.ts';

/** A session ended (by its stored token), or something about a person changed (all their sessions). */
export type SessionEviction = { token: string } | { userId: string };

/**
 * A one-second memory of "this session cookie belongs to this person", so a burst of requests from
 * one page costs one session lookup instead of one each. Sign-out and password changes evict at once
 * in this process; another server process notices a revoked session within `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { actor: Actor; expiresAt: number }>();
  private readonly evictionListeners: ((eviction: SessionEviction) => void)[] = [];

  /** The session token inside a cookie value ("token.signature", URL-encoded). */
  static tokenOf(cookieValue: string): string {
    return decodeURIComponent(cookieValue).split('.')[0] ?? '';
  }

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): Actor | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.actor;
  }

  set(key: string, actor: Actor): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { actor, expiresAt: Date.now() + this.ttlMs });
  }

  /** Told of every eviction: the realtime hub closes that session's open sockets. */
  onEvict(listener: (eviction: SessionEviction) => void): void {
    this.evictionListeners.push(listener);
  }

  private notify(eviction: SessionEviction): void {
    for (const listener of this.evictionListeners) listener(eviction);
  }

  evict(key: string): void {
    this.entries.delete(key);
    this.notify({ token: SessionCache.tokenOf(key) });
  }

  /** Forgets a session by its stored token (entries are keyed by the signed cookie value). */
  evictToken(token: string): void {
    for (const key of this.entries.keys()) if (SessionCache.tokenOf(key) === token) this.entries.delete(key);
    this.notify({ token });
  }

  evictUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.actor.id === userId) this.entries.delete(key);
    this.notify({ userId });
  }
}
