// The baseline of bench/api-read: a bare Fastify route doing one primary-key SELECT through a pg
// pool of the same size as the app's, on the same database. Run as its own process so that it and
// the app are measured the same way. Prints its port on stdout once listening.
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/bare/user/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT * FROM users WHERE id = $1', [Number(request.params.id)]);
  if (rows.length === 0) return reply.status(404).send({ errCode: 404, errMsg: 'not found' });
  return rows[0];
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);

async function stop() {
  await app.close();
  await pool.end();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
