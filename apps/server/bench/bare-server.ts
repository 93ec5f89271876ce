/**
 * The ceiling of DESIGN §8: a bare Fastify JSON route, started by the benchmark in a process of its
 * own and loaded like the account server's calls, on the same machine in the same run.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
