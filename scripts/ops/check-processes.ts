// Checks a multi-process installation (docs/operations.md): a message posted through one server
// process reaches a WebSocket client connected to another, and a document uploaded through one
// process can be downloaded through the other (shared file storage). Uses the demo accounts.
//   npx tsx scripts/ops/check-processes.ts http://127.0.0.1:3611 http://127.0.0.1:3612 [BALANCER_URL]
// PUBLIC_URL of the servers must be the balancer's URL (or the first server's without one).
import WebSocket from 'ws';
import { realtimeChannels, type RealtimeServerMessage } from '@commonwise/contracts';

const [first, second, balancer] = process.argv.slice(2);
if (!first || !second) {
  console.error('usage: npx tsx scripts/ops/check-processes.ts FIRST_URL SECOND_URL [BALANCER_URL]');
  process.exit(2);
}
const origin = balancer ?? first;

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'commonwise-demo' }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} through ${base}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
}
async function get<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie, origin } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

// Sessions live in the database: a session made through one process works on the other.
const vendorCookie = await signIn(origin, 'vendor@commonwise.test');
const managerCookie = await signIn(origin, 'manager@commonwise.test');
const { workOrders } = await get<{ workOrders: { rooms: { id: string; roomName: string }[] }[] }>(
  `${second}/api/work-rooms`,
  vendorCookie,
);
const room = workOrders
  .flatMap((order) => order.rooms)
  .find((item) => item.roomName === 'Kitchen sink leak')!;

async function listen(base: string, label: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { cookie: vendorCookie, origin },
  });
  const received: string[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as RealtimeServerMessage;
      if (message.op === 'subscribed') resolve();
      if (message.op === 'event' && message.type === 'message.created')
        received.push((message.data as { content: string }).content);
    });
    socket.once('open', () =>
      socket.send(JSON.stringify({ op: 'subscribe', channel: realtimeChannels.room(room.id) })),
    );
    socket.once('error', reject);
  });
  return { label, socket, received };
}

const listeners = [await listen(second, `WebSocket on ${second}`)];
if (balancer) listeners.push(await listen(balancer, `WebSocket through ${balancer}`));

const content = `Posted through ${first} at ${new Date().toISOString()}`;
const started = performance.now();
const posted = await fetch(`${first}/api/work-rooms/${room.id}/messages`, {
  method: 'POST',
  headers: { cookie: managerCookie, origin, 'content-type': 'application/json' },
  body: JSON.stringify({ content }),
});
if (posted.status !== 201) throw new Error(`posting the message: ${posted.status}`);
const deadline = Date.now() + 5000;
while (listeners.some((listener) => !listener.received.includes(content)) && Date.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 5));
for (const listener of listeners) {
  const ok = listener.received.includes(content);
  console.log(
    `${ok ? 'OK  ' : 'FAIL'} ${listener.label} received "${content}"${ok ? ` (${Math.round(performance.now() - started)} ms after the POST)` : ''}`,
  );
  listener.socket.close();
}

// Files: uploaded through the first process, downloaded through the second.
const { properties } = await get<{ properties: { id: string; name: string }[] }>(
  `${first}/api/properties`,
  managerCookie,
);
const property = properties.find((item) => item.name.startsWith('Willow Creek'))!;
const form = new FormData();
form.append('category', 'meeting_minutes');
form.append('name', 'Multi-process check');
const text = `Minutes uploaded through ${first}.\n`;
form.append('file', new Blob([text], { type: 'text/plain' }), 'multi-process-check.txt');
const uploaded = await fetch(`${first}/api/properties/${property.id}/documents`, {
  method: 'POST',
  headers: { cookie: managerCookie, origin },
  body: form,
});
if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
const document = (await uploaded.json()) as { id: string };
const link = await get<{ url: string }>(`${second}/api/documents/${document.id}/file-link`, managerCookie);
const file = await fetch(new URL(link.url, second), { headers: { cookie: managerCookie } });
const same = file.ok && (await file.text()) === text;
console.log(
  `${same ? 'OK  ' : 'FAIL'} a file uploaded through ${first} downloads through ${second} (${new URL(link.url, second).origin})`,
);
const failed = listeners.some((listener) => !listener.received.includes(content)) || !same;
process.exit(failed ? 1 : 0);
