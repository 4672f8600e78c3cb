import pg from 'pg';
import type { Database } from '../db/client.ts';

export type NotificationListenerOptions = {
  /** Called with each notification's payload, in the order PostgreSQL delivers them (commit order). */
  onPayload: (payload: string) => void;
  /**
   * Called after the connection was lost and made again: notifications sent meanwhile are gone, so
   * the caller reads what it missed from the database.
   */
  onReconnected: () => void;
  log: { info: (message: string) => void; error: (object: object, message: string) => void };
};

export interface NotificationListener {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The listening backend's process id (PostgreSQL only; tests end it to simulate a restart). */
  readonly backendPid: number | undefined;
}

/**
 * LISTENs on one PostgreSQL channel in this process. PostgreSQL: a dedicated connection (not from the
 * pool, which would hand it to queries), made again with backoff when it drops — a restart of
 * PostgreSQL, a failover, an idle-connection killer. PGlite: its own listen(), on its one connection.
 */
export function createNotificationListener(
  database: Database,
  channel: string,
  options: NotificationListenerOptions,
): NotificationListener {
  // A failing consumer must not break the connection's own processing (PGlite calls back mid-query).
  const guarded = {
    ...options,
    onPayload: (payload: string) => {
      try {
        options.onPayload(payload);
      } catch (error) {
        options.log.error({ err: error }, 'realtime: handling a notification failed');
      }
    },
  };
  if (database.kind === 'pglite') return new PgliteListener(database, channel, guarded);
  return new PostgresListener(database.pool!, channel, guarded);
}

class PgliteListener implements NotificationListener {
  private unlisten: (() => Promise<void>) | undefined;
  readonly backendPid = undefined;

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly options: NotificationListenerOptions,
  ) {}

  async start() {
    this.unlisten = await this.database.pglite!.listen(this.channel, (payload) =>
      this.options.onPayload(payload),
    );
  }

  async stop() {
    if (this.unlisten && !this.database.pglite!.closed) await this.unlisten();
    this.unlisten = undefined;
  }
}

class PostgresListener implements NotificationListener {
  private client: pg.Client | undefined;
  private isStopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly options: NotificationListenerOptions,
  ) {}

  get backendPid(): number | undefined {
    return (this.client as { processID?: number } | undefined)?.processID;
  }

  async start() {
    this.isStopped = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (this.isStopped) return;
      this.options.log.error({ err: error }, 'realtime: the LISTEN connection was lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined)
        this.options.onPayload(message.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      if (this.client === client) lost(error as Error);
      throw error;
    }
  }

  private scheduleReconnect() {
    const delay = Math.min(5000, 100 * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.isStopped) return;
      this.connect().then(
        () => {
          this.failures = 0;
          this.options.log.info('realtime: LISTEN connection restored');
          this.options.onReconnected();
        },
        () => {
          // connect() has scheduled the next attempt through lost().
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  async stop() {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
