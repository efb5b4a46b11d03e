'use strict';
// Approving with a webhook subscribed against approving without one, in the same run and on the
// same database: rounds alternate so drift on a shared machine touches both sides alike.
const { createServer } = require('node:http');
const { request } = require('./latency');
const { giveCardAssets } = require('./seed');

const ROUNDS = 5;

/** A local subscriber that answers 200 to everything and counts what it got. */
async function aReceiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function approve(url, cookie, characterIds) {
  const response = await request(url, 'POST', '/v1/staff/characters/approve', { cookie, body: { characterIds }, fresh: true });
  if (response.status !== 200 || JSON.parse(response.text).characters.length !== characterIds.length) {
    throw new Error(`approve answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
  return response.ms;
}

/**
 * Characters `first`… of the pending seed, `batch` per approval. Returns the median batch time
 * without and with a subscribed `standard` webhook, and how many events the receiver got.
 */
async function webhookOverhead({ url, cookie, db, storageDir, first, batch }) {
  const receiver = await aReceiver();
  const without = [];
  const withHook = [];
  let next = first;
  const nextBatch = () => {
    const from = next;
    next += batch;
    return giveCardAssets(db, storageDir, from, next - 1);
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      without.push(await approve(url, cookie, await nextBatch()));
      const created = await request(url, 'POST', '/v1/webhooks', {
        cookie,
        fresh: true,
        body: { url: receiver.url, events: ['character.approved'], format: 'standard' },
      });
      if (created.status !== 201) throw new Error(`webhook creation answered ${created.status}: ${created.text}`);
      const { webhookId } = JSON.parse(created.text);
      withHook.push(await approve(url, cookie, await nextBatch()));
      await waitFor(() => receiver.received() >= (round + 1) * batch);
      await request(url, 'DELETE', `/v1/webhooks/${webhookId}`, { cookie, fresh: true });
    }
  } finally {
    await receiver.close();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { withoutMs: median(without), withMs: median(withHook), delivered: receiver.received(), rounds: ROUNDS };
}

async function waitFor(condition, timeoutMs = 60_000) {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > timeoutMs) throw new Error('the webhook receiver did not get every event');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

module.exports = { webhookOverhead };
