import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export type LoadResult = {
  target: string;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
  errors: number;
  non2xx: number;
};

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Runs autocannon and computes exact percentiles from every response time it saw. */
export async function load(
  target: string,
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const times: number[] = [];
  // Without a callback autocannon returns an event emitter that is also a promise of the result.
  const instance = autocannon({
    url,
    connections: options.connections ?? 10,
    duration: options.seconds ?? 8,
    headers: options.headers,
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    target,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / (result.duration || 1)),
    latencyMs: {
      p50: round(percentile(times, 0.5)),
      p95: round(percentile(times, 0.95)),
      p99: round(percentile(times, 0.99)),
    },
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Starts a process and waits until its HTTP endpoint answers. */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${readyUrl} did not answer within 60 s`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
