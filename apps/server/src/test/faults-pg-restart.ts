// PostgreSQL restarted under load (issue 11, item 4): WebSocket clients follow a chat thread while
// its owner keeps posting; PostgreSQL is restarted (fast: connections cut; immediate: a crash with
// WAL recovery). The server must stay up, reconnect its pool and its LISTEN connection by itself,
// and every client must see every event of the thread once, in order, with no gap.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  Client,
  createDatabase,
  dropDatabase,
  openSql,
  percentile,
  ServerProcess,
  signIn,
  sleep,
  type PostgresCluster,
} from './faults-harness.ts';

/** A realtime client as the web app's hook behaves: reconnects, and resubscribes from its last id. */
class FollowingClient {
  lastId: number | undefined;
  readonly ids: number[] = [];
  readonly messageIds = new Set<string>();
  gaps: string[] = [];
  duplicates: number[] = [];
  reloadsNeeded = 0;
  reconnects = 0;
  private socket: WebSocket | undefined;
  private isStopped = false;

  constructor(
    private readonly url: string,
    private readonly origin: string,
    private readonly cookie: string,
    private readonly channel: string,
  ) {}

  start(): Promise<void> {
    return new Promise((resolve) => this.connect(resolve));
  }

  private connect(onSubscribed?: () => void): void {
    const socket = new WebSocket(this.url, { headers: { cookie: this.cookie, origin: this.origin } });
    this.socket = socket;
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          op: 'subscribe',
          channel: this.channel,
          ...(this.lastId === undefined ? {} : { since: this.lastId }),
        }),
      ),
    );
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as {
        op: string;
        channel?: string;
        id?: number;
        lastId?: number;
        isCaughtUp?: boolean;
        type?: string;
        data?: { id?: string; role?: string };
      };
      if (message.channel !== this.channel) return;
      if (message.op === 'subscribed') {
        if (message.isCaughtUp === false) this.reloadsNeeded += 1;
        this.lastId ??= message.lastId;
        onSubscribed?.();
        onSubscribed = undefined;
      } else if (message.op === 'event') {
        const id = message.id!;
        if (this.lastId !== undefined && id <= this.lastId) this.duplicates.push(id);
        else {
          if (this.lastId !== undefined && id !== this.lastId + 1) this.gaps.push(`${this.lastId} → ${id}`);
          this.lastId = id;
          this.ids.push(id);
          if (message.type === 'message.created' && message.data?.id) this.messageIds.add(message.data.id);
        }
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.isStopped) return;
      this.reconnects += 1;
      setTimeout(() => this.connect(), 200);
    });
  }

  stop(): void {
    this.isStopped = true;
    this.socket?.terminate();
  }
}

export type PgRestartSummary = {
  restarts: { mode: 'fast' | 'immediate'; restartMs: number; recoverMs: number }[];
  /** The server process never exited. */
  serverStayedUp: boolean;
  clients: number;
  acknowledgedMessages: number;
  writesFailedDuringRestarts: number;
  lost: number;
  /** Per client: ids skipped, ids repeated, catch-ups that needed a reload. */
  gaps: number;
  duplicates: number;
  reloadsNeeded: number;
  /** Sockets that closed and reconnected (the server keeps them open through a database restart). */
  socketReconnects: number;
  /** Acknowledged messages some client never received an event for. */
  missedByClients: number;
  eventsPerClient: number;
  channelHead: number;
  clientsAtHead: number;
  repliesPerMessage: { users: number; replies: number };
  recoverMs: { p50: number; max: number };
  totalSeconds: number;
};

export async function runPgRestart(options: {
  cluster: PostgresCluster;
  port: number;
  modes: ('fast' | 'immediate')[];
  clients?: number;
  serverEnv?: Record<string, string>;
  log?: (message: string) => void;
}): Promise<PgRestartSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-pg-restart-'));
  const databaseName = `cw_pg_restart_${process.pid}`;
  const url = await createDatabase(options.cluster.url, databaseName);
  const server = new ServerProcess({
    port: options.port,
    dataDir,
    database: { kind: 'postgres', url },
    env: options.serverEnv,
  });
  const followers: FollowingClient[] = [];
  try {
    await server.start();
    const pid = server.pid;
    const cookie = await signIn(server, 'resident@commonwise.test');
    const resident = new Client(server, cookie);
    const thread = await resident.send({ method: 'POST', path: '/api/chat/threads' });
    const threadId = (thread!.body as { id: string }).id;
    const channel = `thread:${threadId}`;
    const wsUrl = `ws://127.0.0.1:${options.port}/api/realtime`;
    for (let index = 0; index < (options.clients ?? 3); index += 1) {
      const follower = new FollowingClient(wsUrl, server.baseUrl, cookie, channel);
      await follower.start();
      followers.push(follower);
    }

    // The writer: posts all along; what was acknowledged must reach every client.
    const acknowledged: string[] = [];
    let failed = 0;
    let isWriting = true;
    let n = 0;
    const writer = (async () => {
      while (isWriting) {
        const reply = await resident.send({
          method: 'POST',
          path: `/api/chat/threads/${threadId}/messages`,
          body: { content: `Hello there (restart ${++n})` },
        });
        if (reply?.status === 201) acknowledged.push((reply.body as { id: string }).id);
        else failed += 1;
        await sleep(reply?.status === 201 ? 30 : 100);
      }
    })();

    const restarts: PgRestartSummary['restarts'] = [];
    for (const mode of options.modes) {
      await sleep(1500);
      const before = acknowledged.length;
      const at = Date.now();
      await options.cluster.restart(mode);
      const restartMs = Date.now() - at;
      while (acknowledged.length === before && Date.now() - at < 60_000) await sleep(10);
      if (acknowledged.length === before)
        log(
          `[pg-restart] no write acknowledged since the restart; server output:\n${server.output.slice(-30).join('\n')}`,
        );
      restarts.push({ mode, restartMs, recoverMs: Date.now() - at });
      log(
        `[pg-restart] ${mode}: PostgreSQL back in ${restartMs} ms, writes acknowledged again after ${Date.now() - at} ms`,
      );
    }
    await sleep(1500);
    isWriting = false;
    await writer;

    // Let the assistant answer the last messages and the events reach the clients.
    const sql = await openSql({ kind: 'postgres', url }, dataDir);
    let head = 0;
    let counts = { users: 0, replies: 0 };
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [row] = await sql.query<{ users: number; replies: number }>(
          `select count(*) filter (where role = 'user')::int as users,
             count(*) filter (where role = 'assistant')::int as replies
           from chat_messages where thread_id = $1`,
          [threadId],
        );
        counts = row!;
        const [channelRow] = await sql.query<{ last_seq: string }>(
          `select last_seq from realtime_channels where channel = $1`,
          [channel],
        );
        head = Number(channelRow?.last_seq ?? 0);
        if (
          (counts.replies >= counts.users && followers.every((follower) => follower.lastId === head)) ||
          Date.now() > deadline
        )
          break;
        await sleep(200);
      }
      const present = await sql.query<{ id: string }>(
        `select id::text as id from chat_messages where id = any($1::uuid[])`,
        [acknowledged],
      );
      const lost = acknowledged.length - present.length;
      const serverStayedUp = server.isRunning && server.pid === pid;
      if (!serverStayedUp) log(`[pg-restart] the server exited:\n${server.output.slice(-40).join('\n')}`);
      return {
        restarts,
        serverStayedUp,
        clients: followers.length,
        acknowledgedMessages: acknowledged.length,
        writesFailedDuringRestarts: failed,
        lost,
        gaps: followers.reduce((sum, follower) => sum + follower.gaps.length, 0),
        duplicates: followers.reduce((sum, follower) => sum + follower.duplicates.length, 0),
        reloadsNeeded: followers.reduce((sum, follower) => sum + follower.reloadsNeeded, 0),
        socketReconnects: followers.reduce((sum, follower) => sum + follower.reconnects, 0),
        missedByClients: followers.reduce(
          (sum, follower) => sum + acknowledged.filter((id) => !follower.messageIds.has(id)).length,
          0,
        ),
        eventsPerClient: Math.min(...followers.map((follower) => follower.ids.length)),
        channelHead: head,
        clientsAtHead: followers.filter((follower) => follower.lastId === head).length,
        repliesPerMessage: counts,
        recoverMs: {
          p50: percentile(
            restarts.map((restart) => restart.recoverMs),
            50,
          ),
          max: Math.max(...restarts.map((restart) => restart.recoverMs)),
        },
        totalSeconds: Math.round((Date.now() - started) / 1000),
      };
    } finally {
      await sql.close();
    }
  } catch (error) {
    log(`[pg-restart] server output:\n${server.output.slice(-40).join('\n')}`);
    throw error;
  } finally {
    for (const follower of followers) follower.stop();
    await server.kill9();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(options.cluster.url, databaseName).catch(() => {});
  }
}
