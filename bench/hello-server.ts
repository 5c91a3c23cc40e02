import express from 'express';

/** The baseline of `bench:api`: an Express hello-world, started the same way as the API (tsx, production). */
const app = express();
app.get('/hello', (_req, res) => {
  res.json({ message: 'hello' });
});
const port = Number(process.argv[2] ?? 0);
const server = app.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
