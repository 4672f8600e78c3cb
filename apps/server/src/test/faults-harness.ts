// Fault-injection harness (issue 11, item 4): the real server as a child process, killed with
// SIGKILL and started again while clients write; then checks, in the database and on disk, that
// nothing acknowledged was lost and nothing was left half done. Used by the vitest fault tests
// (apps/server/src/test/faults*.test.ts, a few kills) and by `npm run faults` (scripts/faults, 20).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/pglite-extensions.ts';

export const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const serverDir = join(repoRoot, 'apps/server');
/** The Node 24 that npm scripts use (the shell's `node` may be older). */
const nodeBin = existsSync(join(repoRoot, 'node_modules/.bin/node'))
  ? join(repoRoot, 'node_modules/.bin/node')
  : process.execPath;
export const demoPassword = 'commonwise-demo';

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type FaultDatabase = { kind: 'pglite' } | { kind: 'postgres'; url: string };

/**
 * One server process: `node --import tsx src/server.ts`, started directly (not through the tsx CLI
 * or npm, which would put a parent process between us and the server and make SIGKILL hit the
 * wrong one).
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> | undefined;
  /** The last lines the server wrote (shown when it fails to start). */
  output: string[] = [];
  readonly baseUrl: string;

  constructor(
    readonly options: {
      port: number;
      dataDir: string;
      database: FaultDatabase;
      env?: Record<string, string>;
    },
  ) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and waits until /api/health answers; returns how long that took (ms). */
  async start(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    const { port, dataDir, database } = this.options;
    const child = spawn(nodeBin, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.baseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        AUTH_SECRET: 'fault-injection-secret-at-least-32-characters',
        ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.output = [];
    const keep = (chunk: Buffer) => {
      this.output.push(...String(chunk).split('\n').filter(Boolean));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let hasExited = false;
    void this.exited.then(() => (hasExited = true));
    while (Date.now() - started < timeoutMs) {
      if (hasExited)
        throw new Error(`The server exited while starting:\n${this.output.slice(-30).join('\n')}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
        if (response.ok) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    throw new Error(`The server did not start in ${timeoutMs} ms:\n${this.output.slice(-30).join('\n')}`);
  }

  /** SIGKILL: no shutdown hooks, no flushing, requests and jobs cut off mid-way. */
  async kill9(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the graceful stop (finishes requests, releases jobs, closes the database). */
  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }

  get isRunning(): boolean {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }
}

/** A throwaway PostgreSQL cluster (scripts/postgres.sh), which the fault scripts may restart. */
export class PostgresCluster {
  readonly url: string;
  private readonly bin = '/usr/lib/postgresql/15/bin';

  private constructor(
    readonly dir: string,
    readonly port: number,
    url: string,
  ) {
    this.url = url;
  }

  static isAvailable(): boolean {
    return existsSync('/usr/lib/postgresql/15/bin/pg_ctl');
  }

  static start(dir: string, port: number): PostgresCluster {
    spawnSync(join(repoRoot, 'scripts/postgres.sh'), ['stop', dir], { stdio: 'ignore' });
    spawnSync('rm', ['-rf', dir]);
    const result = spawnSync(join(repoRoot, 'scripts/postgres.sh'), ['start', dir, String(port)], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`could not start PostgreSQL: ${result.stderr}`);
    return new PostgresCluster(dir, port, result.stdout.trim());
  }

  /** Runs pg_ctl without blocking this process (clients keep writing and listening meanwhile). */
  private pgCtl(args: string): Promise<void> {
    const command = `${this.bin}/pg_ctl -D '${this.dir}/data' ${args}`;
    const [program, programArgs] =
      process.getuid?.() === 0
        ? ['su', ['postgres', '-s', '/bin/bash', '-c', command]]
        : ['bash', ['-c', command]];
    return new Promise((resolve, reject) => {
      const child = spawn(program as string, programArgs as string[], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += String(chunk)));
      child.stderr!.on('data', (chunk) => (output += String(chunk)));
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl ${args} failed: ${output}`)),
      );
    });
  }

  /**
   * Restarts the server: `immediate` is a crash (backends killed, recovery from the WAL on start),
   * `fast` a clean restart that still cuts every connection.
   */
  restart(mode: 'fast' | 'immediate'): Promise<void> {
    return this.pgCtl(
      `-o "-p ${this.port} -k '${this.dir}' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -l '${this.dir}/log' -m ${mode} -w restart`,
    );
  }

  stop(): void {
    spawnSync(join(repoRoot, 'scripts/postgres.sh'), ['stop', this.dir], { stdio: 'ignore' });
    spawnSync('rm', ['-rf', this.dir]);
  }
}

/** Creates an empty database on a PostgreSQL server and returns its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** Signs in a demo account (retrying while the server is down) and returns its session cookie. */
export async function signIn(server: ServerProcess, email: string): Promise<string> {
  for (;;) {
    try {
      const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ email, password: demoPassword }),
      });
      if (response.ok) {
        const cookie = response.headers
          .getSetCookie()
          .find((value) => /^better-auth\.session_token=[^;]/.test(value));
        if (cookie) return cookie.split(';')[0]!;
      }
      if (response.status < 500) throw new Error(`sign-in as ${email}: ${response.status}`);
    } catch (error) {
      if ((error as Error).message.startsWith('sign-in as')) throw error;
    }
    await sleep(100);
  }
}

type Request = { method: string; path: string; body?: unknown; form?: () => FormData };

export type Reply = { status: number; body: unknown };

/** An API client for one signed-in person: JSON or multipart, and null when the server is unreachable. */
export class Client {
  constructor(
    private readonly server: ServerProcess,
    readonly cookie: string,
  ) {}

  async send(request: Request): Promise<Reply | null> {
    try {
      const response = await fetch(`${this.server.baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          cookie: this.cookie,
          origin: this.server.baseUrl,
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: request.form
          ? request.form()
          : request.body !== undefined
            ? JSON.stringify(request.body)
            : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON.
      }
      return { status: response.status, body };
    } catch {
      return null; // refused, reset or cut off: the write may or may not have happened
    }
  }
}

/** The files of one upload mix: text, a PDF with a text layer, and a small image for OCR. */
export type UploadFile = { name: string; bytes: Uint8Array; kind: 'txt' | 'pdf' | 'png' };

export async function makeUploadFiles(): Promise<UploadFile[]> {
  const { makeTextImage, makeTextPdf } = await import('./fixtures/documents.ts');
  return [
    {
      name: 'notice.txt',
      bytes: Buffer.from('The pool opens at 8 am. Quiet hours start at 10 pm.\n'),
      kind: 'txt',
    },
    {
      name: 'rules.pdf',
      bytes: await makeTextPdf([['Parking permits are issued by the office.'], ['Pets must be leashed.']]),
      kind: 'pdf',
    },
    {
      name: 'notice.png',
      bytes: await makeTextImage(['Water shut-off on Friday'], 'png', { width: 700, fontSize: 32 }),
      kind: 'png',
    },
  ];
}

/** What the clients were told was done (2xx with ids), and what they tried without an answer. */
export type Ledger = {
  threads: { id: string; owner: string }[];
  messages: { id: string; threadId: string }[];
  documents: { id: string; propertyId: string; kind: UploadFile['kind'] }[];
  properties: { id: string; name: string; key: string }[];
  /** Every onboarding tried (acknowledged or not), to check that none is half there. */
  onboardingsTried: { name: string; key: string; managerIds: string[]; residentIds: string[] }[];
  writesTried: number;
  writesRefused: { status: number; body: unknown }[];
};

export function newLedger(): Ledger {
  return {
    threads: [],
    messages: [],
    documents: [],
    properties: [],
    onboardingsTried: [],
    writesTried: 0,
    writesRefused: [],
  };
}

type Ids = { willow: string; harbor: string; people: Record<string, string> };

/** The demo data's ids the workload needs, read through the API as the admin. */
export async function demoIds(admin: Client): Promise<Ids> {
  // The lists are paged (at most 100 a page): read them to the end.
  const readAll = async (path: string, key: string) => {
    const rows: Record<string, string>[] = [];
    for (let page = 1; ; page++) {
      const reply = await admin.send({ method: 'GET', path: `${path}?limit=100&page=${page}` });
      if (reply?.status !== 200) throw new Error(`reading demo ids failed: ${path} ${reply?.status}`);
      const body = reply.body as Record<string, unknown> & { total: number };
      rows.push(...(body[key] as Record<string, string>[]));
      if (rows.length >= body.total || (body[key] as unknown[]).length === 0) return rows;
    }
  };
  const properties = await readAll('/api/properties', 'properties');
  const users = await readAll('/api/users', 'users');
  const propertyId = (name: string) => properties.find((property) => property.name === name)!.id!;
  return {
    willow: propertyId('Willow Creek Commons'),
    harbor: propertyId('Harbor View Condominiums'),
    people: Object.fromEntries(users.map((user) => [user.email!.split('@')[0]!, user.id!])),
  };
}

/**
 * Concurrent clients that write until `stop()`: two residents posting chat messages to their own
 * threads, two managers uploading documents, an admin onboarding properties. A write whose request
 * was cut off is retried like a person would (the onboarding with the same key); a 2xx is recorded.
 */
export class Workload {
  readonly ledger = newLedger();
  private isStopped = false;
  private loops: Promise<void>[] = [];
  private sequence = 0;

  constructor(
    private readonly server: ServerProcess,
    private readonly clients: { residents: Client[]; managers: [Client, string][]; admin: Client },
    private readonly ids: Ids,
    private readonly files: UploadFile[],
    private readonly tag: string,
  ) {}

  start(): void {
    this.loops = [
      ...this.clients.residents.map((client) => this.chatLoop(client)),
      ...this.clients.managers.map(([client, propertyId]) => this.uploadLoop(client, propertyId)),
      this.onboardingLoop(this.clients.admin),
    ];
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    await Promise.all(this.loops);
  }

  /** Sends until the server answers (a cut-off request is sent again once it is back). */
  private async untilAnswered(client: Client, request: Request): Promise<Reply | undefined> {
    for (;;) {
      if (this.isStopped) return undefined;
      this.ledger.writesTried += 1;
      const reply = await client.send(request);
      if (reply && reply.status !== 503) return reply;
      await sleep(100);
    }
  }

  private record(reply: Reply | undefined, expected: number): Record<string, string> | undefined {
    if (!reply) return undefined;
    if (reply.status === expected || (expected === 201 && reply.status === 200))
      return reply.body as Record<string, string>;
    this.ledger.writesRefused.push(reply);
    return undefined;
  }

  private async chatLoop(client: Client): Promise<void> {
    let threadId: string | undefined;
    while (!this.isStopped) {
      if (!threadId) {
        const thread = this.record(
          await this.untilAnswered(client, { method: 'POST', path: '/api/chat/threads' }),
          201,
        );
        if (thread) {
          threadId = thread.id!;
          this.ledger.threads.push({ id: threadId, owner: client.cookie });
        }
        continue;
      }
      const n = ++this.sequence;
      // A greeting: the built-in assistant answers it with exactly one reply, so replies can be counted.
      const reply = await client.send({
        method: 'POST',
        path: `/api/chat/threads/${threadId}/messages`,
        body: { content: `Hello there (${this.tag} ${n})` },
      });
      this.ledger.writesTried += 1;
      const message = reply && this.record(reply, 201);
      if (message) this.ledger.messages.push({ id: message.id!, threadId });
      if (!reply) await sleep(100);
      // Every few messages a new thread, so threads are created while the server is killed too.
      if (n % 7 === 0) threadId = undefined;
    }
  }

  private async uploadLoop(client: Client, propertyId: string): Promise<void> {
    while (!this.isStopped) {
      const n = ++this.sequence;
      const file = this.files[n % this.files.length]!;
      const form = () => {
        const data = new FormData();
        data.append('category', 'meeting_minutes');
        data.append('name', `${this.tag} upload ${n}`);
        data.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
        return data;
      };
      const reply = await client.send({
        method: 'POST',
        path: `/api/properties/${propertyId}/documents`,
        form,
      });
      this.ledger.writesTried += 1;
      const document = reply && this.record(reply, 201);
      if (document) this.ledger.documents.push({ id: document.id!, propertyId, kind: file.kind });
      await sleep(reply ? 150 : 100);
    }
  }

  private async onboardingLoop(client: Client): Promise<void> {
    const { people } = this.ids;
    while (!this.isStopped) {
      const n = ++this.sequence;
      const key = randomUUID();
      const name = `${this.tag} Oaks ${n}`;
      const managerIds = [people.manager!, people.manager2!];
      const residentIds = [people.resident!, people.resident2!];
      this.ledger.onboardingsTried.push({ name, key, managerIds, residentIds });
      const body = {
        idempotencyKey: key,
        property: { name, address: `${n} Fault Lane, Springfield`, units: 12, status: 'active' },
        managers: { userIds: managerIds, primaryUserId: people.manager2 },
        residents: residentIds.map((userId, index) => ({ userId, unitNumber: String(index + 1) })),
      };
      // The wizard sends the same draft (same key) again after a failure: never a second property.
      const created = this.record(
        await this.untilAnswered(client, { method: 'POST', path: '/api/properties/onboarding', body }),
        201,
      ) as unknown as { property: { id: string } } | undefined;
      if (created) this.ledger.properties.push({ id: created.property.id, name, key });
      await sleep(200);
    }
  }
}

/** Runs SQL against the database the server used (PGlite: opened here once the server is stopped). */
export type Sql = {
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

export async function openSql(database: FaultDatabase, dataDir: string): Promise<Sql> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      close: () => client.end(),
    };
  }
  const pglite = new PGlite(join(dataDir, 'pglite'), { extensions: pgliteExtensions });
  await pglite.waitReady;
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
    close: () => pglite.close(),
  };
}

/** Every file stored under DATA_DIR/files, as storage keys. */
export function storedFiles(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  const keys: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else keys.push(relative(root, path).split('\\').join('/'));
    }
  };
  walk(root);
  return keys;
}

/**
 * Waits until the background jobs are done: every acknowledged document processed (completed or
 * failed) and every acknowledged message answered, read through the API. Returns the time taken.
 */
export async function waitForDrain(
  ledger: Ledger,
  clients: { manager: Client; resident: Map<string, Client> },
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let isDone = true;
    for (const document of ledger.documents) {
      const reply = await clients.manager.send({ method: 'GET', path: `/api/documents/${document.id}` });
      const status = (reply?.body as { status?: string } | undefined)?.status;
      if (status !== 'completed' && status !== 'failed') {
        isDone = false;
        break;
      }
    }
    if (isDone) {
      for (const thread of ledger.threads) {
        const owner = clients.resident.get(thread.owner)!;
        // The newest page (the largest): an unanswered message is among the newest.
        const reply = await owner.send({
          method: 'GET',
          path: `/api/chat/threads/${thread.id}/messages?limit=200`,
        });
        const messages = (reply?.body as { messages?: { role: string }[] } | undefined)?.messages ?? [];
        const users = messages.filter((message) => message.role === 'user').length;
        const assistants = messages.filter((message) => message.role === 'assistant').length;
        if (!reply || assistants < users) {
          isDone = false;
          break;
        }
      }
    }
    if (isDone) return Date.now() - started;
    await sleep(250);
  }
  throw new Error(`Jobs did not drain within ${timeoutMs} ms`);
}

export type Findings = {
  lost: { messages: string[]; documents: string[]; properties: string[]; threads: string[] };
  /** Onboardings present without all their parts, or present twice. */
  halfCreatedProperties: string[];
  orphans: { filesWithoutDocument: string[]; documentsWithoutFile: string[]; jobsWithoutRecord: string[] };
  duplicates: { replies: string[]; replyJobs: string[]; documentJobs: string[]; documentPages: string[] };
  unfinished: { messagesUnanswered: string[]; documentsNotProcessed: string[]; jobsNotFinished: string[] };
  documentStatuses: Record<string, number>;
  counts: { userMessages: number; assistantReplies: number; documents: number; onboardedProperties: number };
};

/** Checks the stored state against what the clients were told. Every list must come out empty. */
export async function verify(sql: Sql, ledger: Ledger, dataDir: string, tag: string): Promise<Findings> {
  const missing = async (table: string, ids: string[]) => {
    if (ids.length === 0) return [];
    const rows = await sql.query<{ id: string }>(
      `select id::text as id from ${table} where id = any($1::uuid[])`,
      [ids],
    );
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  };

  const lost = {
    messages: await missing(
      'chat_messages',
      ledger.messages.map((message) => message.id),
    ),
    documents: await missing(
      'property_documents',
      ledger.documents.map((document) => document.id),
    ),
    properties: await missing(
      'properties',
      ledger.properties.map((property) => property.id),
    ),
    threads: await missing(
      'chat_threads',
      ledger.threads.map((thread) => thread.id),
    ),
  };

  // Onboarding: all of it (property, both managers with one primary, both residents, the key) or none.
  const halfCreatedProperties: string[] = [];
  for (const tried of ledger.onboardingsTried) {
    const found = await sql.query<{
      id: string;
      managers: number;
      primaries: number;
      residents: number;
      keys: number;
    }>(
      `select p.id::text as id,
         (select count(*)::int from property_managers m where m.property_id = p.id) as managers,
         (select count(*)::int from property_managers m where m.property_id = p.id and m.is_primary) as primaries,
         (select count(*)::int from unit_occupancies o join units u on u.id = o.unit_id
           where u.property_id = p.id) as residents,
         (select count(*)::int from property_onboardings o where o.property_id = p.id and o.idempotency_key = $2) as keys
       from properties p where p.name = $1`,
      [tried.name, tried.key],
    );
    if (found.length > 1) halfCreatedProperties.push(`${tried.name}: created ${found.length} times`);
    for (const row of found)
      if (row.managers !== 2 || row.primaries !== 1 || row.residents !== 2 || row.keys !== 1)
        halfCreatedProperties.push(`${tried.name}: ${JSON.stringify(row)}`);
  }
  const stray = await sql.query<{ name: string }>(
    `select p.name from properties p where p.name like $1
       and not exists (select 1 from property_onboardings o where o.property_id = p.id)`,
    [`${tag} Oaks %`],
  );
  halfCreatedProperties.push(...stray.map((row) => `${row.name}: no onboarding record`));

  // Files and records: every stored file belongs to a document and every document has its file.
  const documentRows = await sql.query<{ id: string; file_path: string; status: string }>(
    `select id::text as id, file_path, status from property_documents`,
  );
  const files = new Set(storedFiles(dataDir));
  // Letters' PDFs are files of their own records (the demo's collections run drafts some at its start).
  const letterRows = await sql.query<{ pdf_key: string }>(`select pdf_key from letters`);
  // So are photos, with their thumbnails (the demo's violations have some from its start).
  const photoRows = await sql.query<{ file_path: string; thumbnail_path: string | null }>(
    `select file_path, thumbnail_path from attachments`,
  );
  // And the files owners sent with their architectural requests (the demo has some from its start).
  const arcFileRows = await sql.query<{ file_path: string }>(`select file_path from arc_files`);
  const paths = new Set([
    ...documentRows.map((row) => row.file_path),
    ...arcFileRows.map((row) => row.file_path),
    ...letterRows.map((row) => row.pdf_key),
    ...photoRows.flatMap((row) =>
      row.thumbnail_path ? [row.file_path, row.thumbnail_path] : [row.file_path],
    ),
  ]);
  // The jobs are pg-boss's (plugins/jobs.ts): `pgboss.job`, a job's queue in `name`, its payload in `data`.
  const jobsWithoutRecord = await sql.query<{ id: string }>(
    `select j.id::text as id from pgboss.job j where
       (j.name = 'documents.process' and not exists (select 1 from property_documents d where d.id::text = j.data->>'documentId'))
       or (j.name = 'assistant.reply' and not exists (select 1 from chat_messages m where m.id::text = j.data->>'messageId'))`,
  );
  const orphans = {
    filesWithoutDocument: [...files].filter((key) => !paths.has(key)),
    documentsWithoutFile: documentRows.filter((row) => !files.has(row.file_path)).map((row) => row.id),
    jobsWithoutRecord: jobsWithoutRecord.map((row) => row.id),
  };

  // The workload's threads: each user message answered once (a greeting gets one reply), one job each.
  const threadIds = ledger.threads.map((thread) => thread.id);
  const perThread = await sql.query<{
    thread_id: string;
    users: number;
    replies: number;
    unanswered: number;
  }>(
    `select thread_id::text as thread_id,
       count(*) filter (where role = 'user')::int as users,
       count(*) filter (where role = 'assistant')::int as replies,
       count(*) filter (where role = 'user' and not processed)::int as unanswered
     from chat_messages where thread_id = any($1::uuid[]) group by thread_id`,
    [threadIds],
  );
  const replyJobs = await sql.query<{ message_id: string; jobs: number; finished: number }>(
    `select m.id::text as message_id,
       (select count(*)::int from pgboss.job j where j.name = 'assistant.reply' and j.data->>'messageId' = m.id::text) as jobs,
       (select count(*)::int from pgboss.job j where j.name = 'assistant.reply' and j.data->>'messageId' = m.id::text
          and j.state = 'completed') as finished
     from chat_messages m where m.thread_id = any($1::uuid[]) and m.role = 'user'`,
    [threadIds],
  );
  const workloadDocuments = await sql.query<{
    id: string;
    status: string;
    jobs: number;
    finished: number;
    pages: number;
    distinct_pages: number;
  }>(
    `select d.id::text as id, d.status,
       (select count(*)::int from pgboss.job j where j.name = 'documents.process' and j.data->>'documentId' = d.id::text) as jobs,
       (select count(*)::int from pgboss.job j where j.name = 'documents.process' and j.data->>'documentId' = d.id::text
          and j.state in ('completed', 'failed')) as finished,
       (select count(*)::int from document_contents c where c.document_id = d.id) as pages,
       (select count(distinct c.page)::int from document_contents c where c.document_id = d.id) as distinct_pages
     from property_documents d where d.name like $1`,
    [`${tag} upload %`],
  );
  // Every queued, waiting-to-retry or running job of any queue, but the scheduler's minute tick and
  // pg-boss's own cron forwarding (`__pgboss__…`), which by nature always have a next one.
  const unfinishedJobs = await sql.query<{ id: string }>(
    `select name || ' ' || state || ' ' || id::text as id from pgboss.job where state in ('created', 'retry', 'active')
       and name <> 'schedules.tick' and name not like '\\_\\_pgboss\\_\\_%'`,
  );

  const documentStatuses: Record<string, number> = {};
  for (const row of workloadDocuments) documentStatuses[row.status] = (documentStatuses[row.status] ?? 0) + 1;

  return {
    lost,
    halfCreatedProperties,
    orphans,
    duplicates: {
      replies: perThread.filter((row) => row.replies > row.users).map((row) => row.thread_id),
      replyJobs: replyJobs.filter((row) => row.jobs > 1).map((row) => row.message_id),
      documentJobs: workloadDocuments.filter((row) => row.jobs > 1).map((row) => row.id),
      documentPages: workloadDocuments.filter((row) => row.pages !== row.distinct_pages).map((row) => row.id),
    },
    unfinished: {
      messagesUnanswered: [
        ...perThread
          .filter((row) => row.unanswered > 0 || row.replies < row.users)
          .map((row) => row.thread_id),
        ...replyJobs.filter((row) => row.finished !== 1).map((row) => row.message_id),
      ],
      documentsNotProcessed: workloadDocuments
        .filter((row) => !['completed', 'failed'].includes(row.status) || row.finished !== 1)
        .map((row) => row.id),
      jobsNotFinished: unfinishedJobs.map((row) => row.id),
    },
    documentStatuses,
    counts: {
      userMessages: perThread.reduce((sum, row) => sum + row.users, 0),
      assistantReplies: perThread.reduce((sum, row) => sum + row.replies, 0),
      documents: workloadDocuments.length,
      onboardedProperties: (
        await sql.query<{ n: number }>(`select count(*)::int as n from properties where name like $1`, [
          `${tag} Oaks %`,
        ])
      )[0]!.n,
    },
  };
}

export function countProblems(findings: Findings) {
  const size = (group: Record<string, string[]>) =>
    Object.values(group).reduce((sum, list) => sum + list.length, 0);
  return {
    lost: size(findings.lost),
    halfCreated: findings.halfCreatedProperties.length,
    orphans: size(findings.orphans),
    duplicates: size(findings.duplicates),
    unfinished: size(findings.unfinished),
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export { sleep };
