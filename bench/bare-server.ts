import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// The upper limit for any Node HTTP server on this machine: no routing, no auth, no
// database, one pre-serialized body. Usage: tsx bench/bare-server.ts <body.json>
const bodyPath = process.argv[2];
if (!bodyPath) {
  console.error('usage: bare-server.ts <body.json>');
  process.exit(2);
}
const body = readFileSync(bodyPath);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') {
    console.log(`Listening on http://127.0.0.1:${address.port}`);
  }
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
