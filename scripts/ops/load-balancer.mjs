// A tiny round-robin load balancer for trying several Commonwise processes on one machine
// (docs/operations.md). Not for production: use nginx, HAProxy, Caddy or your platform's balancer.
//   node scripts/ops/load-balancer.mjs PORT http://127.0.0.1:3001 http://127.0.0.1:3002 …
// HTTP requests and WebSocket upgrades go to the next healthy process in turn (no sticky sessions:
// any process can serve any request, see docs/operations.md). A process whose GET /api/health does
// not answer 200 is skipped until it does again. X-Forwarded-For/-Proto are set, so run the servers
// with TRUST_PROXY=true.
import http from 'node:http';
import net from 'node:net';

const [port, ...targets] = process.argv.slice(2);
if (!port || targets.length === 0) {
  console.error('usage: node scripts/ops/load-balancer.mjs PORT URL [URL…]');
  process.exit(2);
}
const backends = targets.map((target) => ({ url: new URL(target), healthy: true }));
let turn = 0;
function pick() {
  for (let tries = 0; tries < backends.length; tries += 1) {
    const backend = backends[turn++ % backends.length];
    if (backend.healthy) return backend.url;
  }
  return undefined;
}

function forwardedHeaders(request) {
  const address = request.socket.remoteAddress ?? '';
  const previous = request.headers['x-forwarded-for'];
  return {
    ...request.headers,
    'x-forwarded-for': previous ? `${previous}, ${address}` : address,
    'x-forwarded-proto': 'http',
  };
}

const server = http.createServer((request, response) => {
  const target = pick();
  if (!target) return void response.writeHead(503).end('no healthy server\n');
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: forwardedHeaders(request),
    },
    (answer) => {
      // Raw headers keep every Set-Cookie line.
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
});

// WebSockets: replay the upgrade request to the chosen process, then join the two sockets.
server.on('upgrade', (request, socket, head) => {
  const target = pick();
  if (!target) return void socket.destroy();
  const upstream = net.connect(Number(target.port), target.hostname, () => {
    const headers = Object.entries(forwardedHeaders(request))
      .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`))
      .join('\r\n');
    upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});

async function checkHealth() {
  for (const backend of backends) {
    const wasHealthy = backend.healthy;
    backend.healthy = await fetch(new URL('/api/health', backend.url), { signal: AbortSignal.timeout(2000) })
      .then((answer) => answer.ok)
      .catch(() => false);
    if (backend.healthy !== wasHealthy)
      console.log(`${backend.url.origin} is ${backend.healthy ? 'healthy again' : 'down: skipped'}`);
  }
}
setInterval(() => void checkHealth(), 2000).unref();
await checkHealth();
server.listen(Number(port), '127.0.0.1', () =>
  console.log(`load balancer on http://127.0.0.1:${port} → ${targets.join(', ')}`),
);
