'use strict';
// The chat provider's member endpoint for the role-sync benchmark, in a process of its own so its
// work never shares the measuring process: every member exists, answers after DELAY_MS, no rate
// limit. A sweep asks for the members in id order, so each request for FIRST_ID starts a round; on
// the message "rounds" it reports each round's request count and its first and last request times.
const http = require('node:http');

const DELAY_MS = Number(process.env.DELAY_MS ?? 5);
const MAPPED_ROLE = '1100000000000000002';
const FIRST_ID = process.env.FIRST_ID;
const rounds = [];

const server = http.createServer((request, response) => {
  const match = /^\/api\/guilds\/[^/]+\/members\/(\d+)$/.exec(request.url ?? '');
  if (!match) return response.writeHead(404).end();
  if (match[1] === FIRST_ID) rounds.push({ count: 0, first: Date.now(), last: 0 });
  const round = rounds.at(-1);
  setTimeout(() => {
    if (round) {
      round.count += 1;
      round.last = Date.now();
    }
    // One member in ten holds the mapped role: the first sweep writes everyone, some with new bits.
    const roles = BigInt(match[1]) % 10n === 0n ? [MAPPED_ROLE] : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user: { id: match[1] }, roles, pending: false }));
  }, DELAY_MS);
});

server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'rounds') process.send(rounds);
});
process.on('disconnect', () => process.exit(0));


