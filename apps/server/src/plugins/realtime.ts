import { and, gt, inArray, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import {
  realtimeCloseCodes,
  roleSchema,
  type RealtimeErrorCode,
  type RealtimeEventType,
  type RealtimeServerMessage,
} from '@commonwise/contracts';
import type { Database, Db } from '../db/client.ts';
import { profiles, sessions } from '../db/schema/index.ts';
import { authorizeChannel } from '../modules/realtime/channel-access.ts';
import {
  pruneEvents,
  readEvent,
  readEventsAfter,
  readHead,
  type LoggedEvent,
} from '../modules/realtime/event-log.ts';
import { notifyChannel, rowsOf } from '../modules/realtime/publish.ts';
import type { Actor } from './access.ts';
import { createNotificationListener, type NotificationListener } from './notify.ts';

/**
 * The realtime hub of one server process (docs/decisions/0013-realtime.md): the open sockets, what
 * each subscribed to, and the delivery of the events that reach this process through LISTEN.
 *
 * Ordering and exactly-once: events carry per-channel ids that follow commit order. Each
 * subscription remembers the last id it sent; it drops an id it already sent, and on a gap (a
 * notification lost while the LISTEN connection was down) reads the missing events from the log
 * before going on. While a subscription catches up, live events wait in its buffer.
 */

export type RealtimeOptions = {
  database: Database;
  log: { info: (message: string) => void; error: (object: object, message: string) => void };
  /** How often open sockets' sessions are checked against the database. */
  sessionCheckMs?: number;
  /** At most this many missed events are replayed on subscribe; more and the client reloads. */
  maxReplay?: number;
  /** A socket whose unsent data grows past this is closed (1013): it reconnects and catches up. */
  maxBufferedBytes?: number;
  maxSubscriptionsPerSocket?: number;
  /** How often the database's date is read: when it changes, every subscription is checked again. */
  dayCheckMs?: number;
  /** Today's date as the database sees it (tests turn the clock). */
  today?: () => Promise<string>;
};

/** An event (c, s and maybe t, a, d: publish.ts), or a signal that people's access changed (k, u). */
type Notification = {
  c: string;
  s: number;
  t?: RealtimeEventType;
  a?: string;
  d?: unknown;
  k?: 'access';
  u?: string[];
};

const pruneEveryMs = 60 * 60 * 1000;
/** Sockets are pinged this often; one that has not answered the previous ping is dropped. */
const heartbeatMs = 30_000;

export class RealtimeConnection {
  readonly subscriptions = new Map<string, Subscription>();
  isClosed = false;
  /** Answered the last heartbeat ping (or sent something since). */
  isAlive = true;
  /** Counts the access checks started for this person: a subscribe checked before one must check again. */
  accessEpoch = 0;

  constructor(
    readonly socket: WebSocket,
    readonly actor: Actor,
    /** The session token behind the socket (not the signed cookie): sign-out ends it. */
    readonly sessionToken: string,
    private readonly maxBufferedBytes: number,
  ) {}

  send(message: RealtimeServerMessage): void {
    this.sendFrame(JSON.stringify(message));
  }

  sendFrame(frame: string): void {
    if (this.isClosed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.close(1013, 'Too far behind; reconnect and catch up');
      return;
    }
    this.socket.send(frame);
  }

  sendError(code: RealtimeErrorCode, message: string, channel?: string): void {
    this.send({ op: 'error', code, message, ...(channel === undefined ? {} : { channel }) });
  }

  close(code: number, reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.socket.close(code, reason);
    // A client that never answers the closing handshake is cut off.
    setTimeout(() => this.socket.terminate(), 2000).unref();
  }
}

class Subscription {
  /** The id of the last event sent (or, before any, the channel's last id when subscribing). */
  lastId = 0;
  isLive = false;
  isSyncing = false;
  isEnded = false;
  /** Access checks under way: while any is, events wait in `pending` (nothing reaches someone who may have lost access). */
  holds = 0;
  pending: { event: LoggedEvent; frame: string }[] = [];

  constructor(
    readonly connection: RealtimeConnection,
    readonly channel: string,
    private readonly hub: RealtimeHub,
  ) {}

  offer(event: LoggedEvent, frame: string): void {
    if (this.isEnded) return;
    if (!this.isLive || this.holds > 0) {
      this.pending.push({ event, frame });
      return;
    }
    if (event.id <= this.lastId) return;
    if (event.id > this.lastId + 1) {
      this.pending.push({ event, frame });
      void this.hub.catchUp(this, this.lastId);
      return;
    }
    this.connection.sendFrame(frame);
    this.lastId = event.id;
  }
}

type ChannelState = {
  subscriptions: Set<Subscription>;
  /** The last id dispatched in this process, to notice a lost notification at once. */
  lastId: number | undefined;
  /** Work on this channel runs in order (reading a large event must not let the next overtake it). */
  queue: Promise<void> | undefined;
};

export class RealtimeHub {
  private readonly connections = new Set<RealtimeConnection>();
  private readonly channels = new Map<string, ChannelState>();
  private readonly db: Db;
  private readonly listener: NotificationListener;
  private readonly maxReplay: number;
  private readonly maxBufferedBytes: number;
  readonly maxSubscriptionsPerSocket: number;
  private readonly sessionCheckMs: number;
  private sessionTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private dayTimer: NodeJS.Timeout | undefined;
  private isCheckingSessions = false;
  /** The date the subscriptions were last authorised on (checkDay). */
  private day: string | undefined;

  constructor(private readonly options: RealtimeOptions) {
    this.db = options.database.db;
    this.maxReplay = options.maxReplay ?? 500;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxSubscriptionsPerSocket = options.maxSubscriptionsPerSocket ?? 100;
    this.sessionCheckMs = options.sessionCheckMs ?? 400;
    this.listener = createNotificationListener(options.database, notifyChannel, {
      onPayload: (payload) => this.receive(payload),
      onReconnected: () => this.recover(),
      log: options.log,
    });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get listenerBackendPid(): number | undefined {
    return this.listener.backendPid;
  }

  subscriberCount(channel: string): number {
    return this.channels.get(channel)?.subscriptions.size ?? 0;
  }

  async start(): Promise<void> {
    await this.listener.start();
    this.sessionTimer = setInterval(() => void this.checkSessions(), this.sessionCheckMs);
    this.sessionTimer.unref();
    this.pruneTimer = setInterval(
      () =>
        void pruneEvents(this.db).catch((error: unknown) =>
          this.options.log.error({ err: error }, 'realtime: pruning old events failed'),
        ),
      pruneEveryMs,
    );
    this.pruneTimer.unref();
    this.heartbeatTimer = setInterval(() => this.heartbeat(), heartbeatMs);
    this.heartbeatTimer.unref();
    this.day = await this.today();
    this.dayTimer = setInterval(() => void this.checkDay(), this.options.dayCheckMs ?? 60_000);
    this.dayTimer.unref();
  }

  private async today(): Promise<string> {
    if (this.options.today) return this.options.today();
    const [row] = rowsOf<{ day: string }>(await this.db.execute(sql`select current_date::text as day`));
    return row!.day;
  }

  /**
   * Memberships begin and end on dates (modules/access/memberships.ts): an ownership that ends today, a
   * board term that ended yesterday, took no one's action, so nothing signalled. When the date moves on,
   * every subscription is authorised again, and those whose reason ended are ended.
   */
  async checkDay(): Promise<void> {
    try {
      const day = await this.today();
      if (day === this.day) return;
      this.day = day;
      this.recheckConnections([...this.connections]);
    } catch (error) {
      this.options.log.error({ err: error }, 'realtime: reading the date failed');
    }
  }

  private heartbeat(): void {
    for (const connection of this.connections) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
    }
  }

  /** Closes every socket (1001: clients reconnect, to another process if there is one) and stops listening. */
  async stop(): Promise<void> {
    clearInterval(this.sessionTimer);
    clearInterval(this.pruneTimer);
    clearInterval(this.heartbeatTimer);
    clearInterval(this.dayTimer);
    for (const connection of this.connections) connection.close(1001, 'Server shutting down');
    await this.listener.stop();
  }

  connect(socket: WebSocket, actor: Actor, sessionToken: string): RealtimeConnection {
    const connection = new RealtimeConnection(socket, actor, sessionToken, this.maxBufferedBytes);
    this.connections.add(connection);
    socket.once('close', () => this.disconnect(connection));
    const markAlive = () => (connection.isAlive = true);
    socket.on('pong', markAlive);
    socket.on('message', markAlive);
    return connection;
  }

  private disconnect(connection: RealtimeConnection): void {
    connection.isClosed = true;
    this.connections.delete(connection);
    for (const channel of [...connection.subscriptions.keys()]) this.unsubscribe(connection, channel);
  }

  /** Checks access (in the database, every time), then replays what was missed after `since`. */
  async subscribe(connection: RealtimeConnection, channel: string, since: number | undefined): Promise<void> {
    if (
      !connection.subscriptions.has(channel) &&
      connection.subscriptions.size >= this.maxSubscriptionsPerSocket
    ) {
      connection.sendError(
        'TOO_MANY_SUBSCRIPTIONS',
        `At most ${this.maxSubscriptionsPerSocket} channels per connection.`,
        channel,
      );
      return;
    }
    let access: Awaited<ReturnType<typeof authorizeChannel>>;
    let epoch: number;
    do {
      epoch = connection.accessEpoch;
      access = await authorizeChannel(this.db, connection.actor, channel);
      // Access changed while this was being checked: the answer may predate it.
    } while (epoch !== connection.accessEpoch && !connection.isClosed);
    if (connection.isClosed) return;
    if (!access.isAllowed) {
      this.unsubscribe(connection, channel);
      connection.sendError(access.code, access.message, channel);
      return;
    }
    // Subscribing again (with another `since`) starts that channel over.
    this.unsubscribe(connection, channel);
    const subscription = new Subscription(connection, channel, this);
    connection.subscriptions.set(channel, subscription);
    let state = this.channels.get(channel);
    if (!state) {
      state = { subscriptions: new Set(), lastId: undefined, queue: undefined };
      this.channels.set(channel, state);
    }
    // Registered before reading the log, so nothing committed from here on can slip between the two.
    state.subscriptions.add(subscription);
    await this.catchUp(subscription, since);
  }

  unsubscribe(connection: RealtimeConnection, channel: string): void {
    const subscription = connection.subscriptions.get(channel);
    if (!subscription) return;
    subscription.isEnded = true;
    connection.subscriptions.delete(channel);
    const state = this.channels.get(channel);
    state?.subscriptions.delete(subscription);
    if (state && state.subscriptions.size === 0 && !state.queue) this.channels.delete(channel);
  }

  /**
   * Brings a subscription up to date from the log: everything after `since` (or, without it, nothing
   * before now), then what arrived live meanwhile. Tells the client with `subscribed`.
   */
  async catchUp(subscription: Subscription, since: number | undefined): Promise<void> {
    if (subscription.isSyncing) return;
    subscription.isSyncing = true;
    subscription.isLive = false;
    const { connection, channel } = subscription;
    try {
      // The head first: an event committed after it is either in what we read next or arrives live.
      const head = await readHead(this.db, channel);
      let replay: LoggedEvent[] = [];
      let isCaughtUp = true;
      let lastId = head;
      if (since !== undefined && since < head) {
        const missed = await readEventsAfter(this.db, channel, since, this.maxReplay + 1);
        if (missed.length > this.maxReplay || missed[0]?.id !== since + 1) isCaughtUp = false;
        else {
          replay = missed;
          lastId = missed.at(-1)!.id;
        }
      } else if (since !== undefined && since > head) {
        // The client saw ids this database never gave (it was replaced): start over from HTTP.
        isCaughtUp = false;
      }
      if (subscription.isEnded) return;
      for (const event of replay) connection.sendFrame(eventFrame(event));
      subscription.lastId = lastId;
      connection.send({ op: 'subscribed', channel, lastId, replayed: replay.length, isCaughtUp });
    } catch (error) {
      this.options.log.error({ err: error }, `realtime: catching up on ${channel} failed`);
      this.unsubscribe(connection, channel);
      connection.sendError('INTERNAL', 'Could not subscribe; try again.', channel);
      return;
    } finally {
      subscription.isSyncing = false;
    }
    subscription.isLive = true;
    this.release(subscription);
  }

  /** Sends what waited while the subscription was catching up or held, once nothing holds it. */
  private release(subscription: Subscription): void {
    if (subscription.isEnded || !subscription.isLive || subscription.holds > 0) return;
    const pending = subscription.pending.sort((a, b) => a.event.id - b.event.id);
    subscription.pending = [];
    for (const { event, frame } of pending) subscription.offer(event, frame);
  }

  /**
   * Someone's access may have changed (signalAccessChanged, in the transaction that changed it): hold
   * every subscription of their sockets in this process at once — this runs as the signal arrives,
   * before any event committed after the change can be dispatched — then check each again.
   */
  recheckUsers(userIds: readonly string[]): void {
    const ids = new Set(userIds);
    this.recheckConnections([...this.connections].filter((connection) => ids.has(connection.actor.id)));
  }

  private recheckConnections(connections: RealtimeConnection[]): void {
    const open = connections.filter((connection) => !connection.isClosed);
    if (open.length === 0) return;
    const held: Subscription[] = [];
    for (const connection of open) {
      connection.accessEpoch += 1;
      for (const subscription of connection.subscriptions.values()) {
        subscription.holds += 1;
        held.push(subscription);
      }
    }
    void this.recheck(open, held);
  }

  /**
   * The check itself: a person deactivated, or whose role changed, has their sockets closed (as the
   * session check would, but now); every held subscription is authorised again, and one no longer
   * allowed ends with ACCESS_ENDED. If the check fails, the held subscriptions end too (the client
   * subscribes again, which checks afresh): when in doubt, deliver nothing.
   */
  private async recheck(connections: RealtimeConnection[], held: Subscription[]): Promise<void> {
    try {
      const ids = [...new Set(connections.map((connection) => connection.actor.id))];
      const people = await this.db
        .select({
          id: profiles.id,
          role: profiles.role,
          isActive: sql<boolean>`not (${profiles.banned} and (${profiles.banExpires} is null or ${profiles.banExpires} > now()))`,
        })
        .from(profiles)
        .where(inArray(profiles.id, ids));
      const now = new Map(people.map((person) => [person.id, person]));
      for (const connection of connections) {
        const person = now.get(connection.actor.id);
        if (!person?.isActive) connection.close(realtimeCloseCodes.sessionEnded, 'Session ended');
        else if (roleSchema.safeParse(person.role).data !== connection.actor.role)
          connection.close(realtimeCloseCodes.reconnect, 'Account changed; reconnect');
      }
      await Promise.all(
        held.map(async (subscription) => {
          if (subscription.isEnded || subscription.connection.isClosed) return;
          const access = await authorizeChannel(this.db, subscription.connection.actor, subscription.channel);
          if (!access.isAllowed)
            this.endSubscription(subscription, 'ACCESS_ENDED', 'Your access to this has ended.');
        }),
      );
    } catch (error) {
      this.options.log.error({ err: error }, 'realtime: checking access again failed');
      for (const subscription of held)
        this.endSubscription(subscription, 'INTERNAL', 'Could not check your access; subscribe again.');
    } finally {
      for (const subscription of held) {
        subscription.holds -= 1;
        this.release(subscription);
      }
    }
  }

  /** Ends this subscription (not a newer one of the same channel) and tells the client why. */
  private endSubscription(subscription: Subscription, code: RealtimeErrorCode, message: string): void {
    const { connection, channel } = subscription;
    if (subscription.isEnded || connection.subscriptions.get(channel) !== subscription) return;
    this.unsubscribe(connection, channel);
    connection.sendError(code, message, channel);
  }

  /** A notification from PostgreSQL: an event on some channel, maybe one this process has subscribers for. */
  receive(payload: string): void {
    let notification: Notification;
    try {
      notification = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (notification.k === 'access') {
      if (Array.isArray(notification.u)) this.recheckUsers(notification.u.map(String));
      return;
    }
    const state = this.channels.get(notification.c);
    if (!state) return;
    const id = Number(notification.s);
    const event: LoggedEvent | undefined =
      notification.t === undefined
        ? undefined
        : {
            channel: notification.c,
            id,
            type: notification.t,
            data: notification.d ?? null,
            at: new Date(notification.a!).toISOString(),
          };
    const isInOrder = state.lastId === undefined || id === state.lastId + 1 || id <= state.lastId;
    // The usual case goes out at once; anything that needs the database waits its turn.
    if (event && !state.queue && isInOrder) this.dispatch(state, event);
    else this.enqueue(notification.c, state, () => this.accept(state, notification.c, id, event));
  }

  private enqueue(channel: string, state: ChannelState, work: () => Promise<void>): void {
    const queue = (state.queue ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) =>
        this.options.log.error({ err: error }, `realtime: delivering an event on ${channel} failed`),
      )
      .finally(() => {
        if (state.queue !== queue) return;
        state.queue = undefined;
        if (state.subscriptions.size === 0) this.channels.delete(channel);
      });
    state.queue = queue;
  }

  private async accept(
    state: ChannelState,
    channel: string,
    id: number,
    event: LoggedEvent | undefined,
  ): Promise<void> {
    if (state.lastId !== undefined && id <= state.lastId) return;
    if (state.lastId !== undefined && id > state.lastId + 1) {
      const missed = await readEventsAfter(
        this.db,
        channel,
        state.lastId,
        Math.min(id - state.lastId - 1, 500),
      );
      for (const earlier of missed) if (earlier.id < id) this.dispatch(state, earlier);
    }
    const full = event ?? (await readEvent(this.db, channel, id));
    if (full) this.dispatch(state, full);
  }

  private dispatch(state: ChannelState, event: LoggedEvent): void {
    if (state.lastId !== undefined && event.id <= state.lastId) return;
    state.lastId = event.id;
    // Serialised once for all subscribers of the channel in this process.
    const frame = eventFrame(event);
    for (const subscription of state.subscriptions) subscription.offer(event, frame);
  }

  /**
   * After the LISTEN connection came back: read whatever each channel missed while it was down, and
   * check everyone's access again (a signal that access changed may have been missed too).
   */
  recover(): void {
    this.recheckConnections([...this.connections]);
    for (const [channel, state] of this.channels) {
      this.enqueue(channel, state, async () => {
        const ids = [...state.subscriptions].filter((s) => s.isLive).map((s) => s.lastId);
        if (ids.length === 0) return;
        const missed = await readEventsAfter(this.db, channel, Math.min(...ids), this.maxReplay);
        for (const event of missed) {
          const frame = eventFrame(event);
          state.lastId = Math.max(state.lastId ?? 0, event.id);
          for (const subscription of state.subscriptions) subscription.offer(event, frame);
        }
      });
    }
  }

  /**
   * Closes the sockets whose session ended: signed out, revoked, expired, or the account deactivated
   * (4001: do not reconnect); and those whose role changed (4002: reconnect, to be checked afresh).
   * Runs every `sessionCheckMs` in every process, so it also catches sign-outs made elsewhere.
   */
  async checkSessions(filter?: (connection: RealtimeConnection) => boolean): Promise<void> {
    if (this.isCheckingSessions || this.connections.size === 0) return;
    const connections = [...this.connections].filter((connection) => !filter || filter(connection));
    if (connections.length === 0) return;
    this.isCheckingSessions = true;
    try {
      const tokens = [...new Set(connections.map((connection) => connection.sessionToken))];
      const roles = new Map<string, string>();
      for (let start = 0; start < tokens.length; start += 5000) {
        const rows = await this.db
          .select({ token: sessions.token, role: profiles.role })
          .from(sessions)
          .innerJoin(profiles, sql`${profiles.id} = ${sessions.userId}`)
          .where(
            and(
              inArray(sessions.token, tokens.slice(start, start + 5000)),
              gt(sessions.expiresAt, sql`now()`),
              sql`not (${profiles.banned} and (${profiles.banExpires} is null or ${profiles.banExpires} > now()))`,
            ),
          );
        for (const row of rows) roles.set(row.token, row.role);
      }
      for (const connection of connections) {
        const role = roles.get(connection.sessionToken);
        if (role === undefined) connection.close(realtimeCloseCodes.sessionEnded, 'Session ended');
        else if (roleSchema.safeParse(role).data !== connection.actor.role)
          connection.close(realtimeCloseCodes.reconnect, 'Account changed; reconnect');
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'realtime: checking sessions failed');
    } finally {
      this.isCheckingSessions = false;
    }
  }

  /** Sign-out and session revocation in this process: close that session's sockets now. */
  endSession(sessionToken: string): void {
    for (const connection of this.connections)
      if (connection.sessionToken === sessionToken)
        connection.close(realtimeCloseCodes.sessionEnded, 'Session ended');
  }

  /** Something about this person changed (deactivated, role, password): check their sockets now. */
  recheckUser(userId: string): void {
    // After the caller's transaction has committed and its response is on its way.
    setTimeout(() => void this.checkSessions((connection) => connection.actor.id === userId), 20).unref();
  }
}

function eventFrame(event: LoggedEvent): string {
  return JSON.stringify({
    op: 'event',
    channel: event.channel,
    id: event.id,
    type: event.type,
    data: event.data,
    at: event.at,
  } satisfies RealtimeServerMessage);
}
