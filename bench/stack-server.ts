// Our full middleware stack (helmet, request ids, access hook, error handling, zod serializer) with a
// trivial route, to compare against bare Fastify: the cost of the stack alone, without a database call.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/plugins/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const config = loadConfig();
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({ config, database });
app.get('/api/bench/hello', { config: { access: 'public' } }, async () => ({ hello: 'world' }));
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
