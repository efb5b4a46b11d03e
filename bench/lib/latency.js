'use strict';
const http = require('node:http');

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive socket; resolves with status, body text and milliseconds taken. */
function request(baseUrl, method, path, { cookie, body, fresh = false } = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method,
        // A fresh connection after idle pauses: the server may close a kept-alive one as it is reused.
        agent: fresh ? false : agent,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** A bounded sequential loop: `warmup` untimed requests, then `samples` timed ones. */
async function measure(baseUrl, path, cookie, { warmup = 300, samples = 500 } = {}) {
  let last;
  for (let i = 0; i < warmup + samples; i++) {
    const response = await request(baseUrl, 'GET', path, { cookie });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
    if (i >= warmup) (last ??= []).push(response.ms);
  }
  const sorted = last.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), samples };
}

module.exports = { request, measure, percentile };
