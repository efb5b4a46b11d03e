import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { WebhookEntity } from '../../src/webhooks/webhook.entity';
import { createTestApp, type TestApp } from '../support/app';
import { anAdministrator } from '../support/audit';
import { describeEachBackend } from '../support/backends';
import { nextId } from '../support/factories';
import { aWebhookReceiver, deleteEveryWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import { until } from '../support/wait';

/** A receiver that takes connections and never answers. */
async function aSilentReceiver(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server: Server = createServer(() => requests++);
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/silent`,
    requests: () => requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describeEachBackend('webhooks: lanes, masked URLs, secret rotation', (backend) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50' } });
    admin = await anAdministrator(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    receiver = await aWebhookReceiver();
  });
  afterEach(() => Promise.all([deleteEveryWebhook(t, admin.cookie), receiver.close()]));

  const createWebhook = (body: object) => t.http().post('/v1/webhooks').set('Cookie', admin.cookie).send(body);
  const sendTest = (webhookId: string) => t.http().post(`/v1/webhooks/${webhookId}/test`).set('Cookie', admin.cookie).expect(202);

  it("a silent receiver delays only its own webhook: a healthy one's deliveries arrive at once", async () => {
    const silent = await aSilentReceiver();
    try {
      const stalled = await createWebhook({ url: silent.url, events: ['bank.*'], format: 'standard' });
      const healthy = await createWebhook({ url: receiver.url, events: ['bank.*'], format: 'standard' });
      for (let i = 0; i < 20; i++) await sendTest(stalled.body.webhookId);
      for (let waited = 0; silent.requests() === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(silent.requests()).toBeGreaterThan(0);

      const started = Date.now();
      for (let i = 0; i < 6; i++) await sendTest(healthy.body.webhookId);
      await receiver.waitFor(6, 3000);
      expect(Date.now() - started).toBeLessThan(3000);
      // The worker records an attempt once its answer is in, a moment after the receiver saw it.
      const statuses = async () => {
        const { body } = await t.http().get(`/v1/webhooks/${healthy.body.webhookId}/deliveries`).set('Cookie', admin.cookie);
        return body.deliveries.map((d: { status: string }) => d.status);
      };
      await until(async () => (await statuses()).every((status: string) => status === 'delivered'), 1000);
      expect(await statuses()).toEqual(Array(6).fill('delivered'));
    } finally {
      await silent.close();
    }
  });

  it('shows the URL masked after its first path segment in every answer, and keeps it whole for delivery', async () => {
    const url = `${receiver.url.replace(/\/hook$/, '')}/api/webhooks/4242/token-secreto`;
    const masked = url.replace(/\/api\/.*$/, '/api/****');
    const created = await createWebhook({ url, events: ['bank.*'], format: 'discord' });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(masked);
    const webhookId = created.body.webhookId as string;
    const listed = await t.http().get('/v1/webhooks').set('Cookie', admin.cookie);
    expect(listed.body.webhooks.map((w: { url: string }) => w.url)).toEqual([masked]);
    const patched = await t.http().patch(`/v1/webhooks/${webhookId}`).set('Cookie', admin.cookie).send({ url: `${url}?wait=true` });
    expect(patched.status).toBe(200);
    expect(patched.body.url).toBe(masked);
    expect((await t.dataSource.getRepository(WebhookEntity).findOneByOrFail({ id: webhookId })).url).toBe(`${url}?wait=true`);
    const events = await t.dataSource.getRepository(AuditEventEntity).findBy({ subjectId: webhookId });
    expect(events.map((event) => event.action).sort()).toEqual(['webhook.created', 'webhook.updated']);
    expect(JSON.stringify(events)).not.toContain('token-secreto');

    await sendTest(webhookId);
    await receiver.waitFor(1);
    const plain = await createWebhook({ url: receiver.url, events: ['bank.*'], format: 'standard' });
    expect(plain.body.url).toBe(receiver.url);
  });

  it('rotates a standard webhook’s secret once; the next delivery is signed with the new one; a discord webhook has none (409)', async () => {
    const created = await createWebhook({ url: receiver.url, events: ['bank.*'], format: 'standard' });
    const webhookId = created.body.webhookId as string;
    const rotated = await t.http().post(`/v1/webhooks/${webhookId}/rotate-secret`).set('Cookie', admin.cookie);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]+$/) });
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await t.dataSource.getRepository(WebhookEntity).findOneByOrFail({ id: webhookId })).secret).toBe(rotated.body.secret);
    const listed = await t.http().get('/v1/webhooks').set('Cookie', admin.cookie);
    expect(JSON.stringify(listed.body)).not.toContain(rotated.body.secret);

    await sendTest(webhookId);
    const [request] = await receiver.waitFor(1);
    const headers = request.headers as Record<string, string>;
    expect(() => new Webhook(rotated.body.secret).verify(request.body, headers)).not.toThrow();
    expect(() => new Webhook(created.body.secret).verify(request.body, headers)).toThrow();

    const discord = await createWebhook({ url: receiver.url, events: ['bank.*'], format: 'discord' });
    const refused = await t.http().post(`/v1/webhooks/${discord.body.webhookId}/rotate-secret`).set('Cookie', admin.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'No Webhook Secret' });
    expect((await t.http().post('/v1/webhooks/123456789012345678/rotate-secret').set('Cookie', admin.cookie)).status).toBe(404);
    const actions = (await t.dataSource.getRepository(AuditEventEntity).findBy({ action: 'webhook.secret_rotated' })).map((e) => e.subjectId);
    expect(actions).toEqual([webhookId]);
  });
});

describeEachBackend('webhooks: the SSRF guard at creation, on PATCH and at delivery', (backend) => {
  let t: TestApp;
  let admin: { cookie: string };
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { WEBHOOK_POLL_MS: '50' } });
    admin = await anAdministrator(t);
    receiver = await aWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  /** A webhook stored as if its URL had passed once (rules or DNS change later), bypassing the guard. */
  async function aStoredWebhook(url: string): Promise<string> {
    const id = nextId(t);
    await t.dataSource.getRepository(WebhookEntity).insert({ id, url, events: ['bank.*'], format: 'standard', description: null, secret: 'whsec_dGVzdA==', active: true });
    return id;
  }

  const SPECIAL_PURPOSE = [
    'https://[::127.0.0.1]/hook',
    'https://[::7f00:1]/hook',
    'https://[::10.0.0.1]/hook',
    'https://[64:ff9b::7f00:1]/hook',
    'https://[2002:7f00:1::1]/hook',
    'https://[2001:db8::1]/hook',
    'https://[fc00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[ff02::1]/hook',
    'https://[100::1]/hook',
    'https://[100:0:0:1::1]/hook',
    'https://[::]/hook',
    'https://100.64.0.1/hook',
    'https://192.0.0.8/hook',
    'https://192.0.2.1/hook',
    'https://198.18.0.1/hook',
    'https://198.51.100.7/hook',
    'https://203.0.113.7/hook',
    'https://224.0.0.1/hook',
    'https://240.0.0.1/hook',
    'https://255.255.255.255/hook',
    'https://2130706433/hook',
  ];

  it('refuses IPv4-compatible IPv6 and every special-purpose block at creation', async () => {
    for (const url of SPECIAL_PURPOSE) {
      const response = await t.http().post('/v1/webhooks').set('Cookie', admin.cookie).send({ url, events: ['*'], format: 'standard' });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(response.body.details[0].field).toBe('url');
    }
    expect(await t.dataSource.getRepository(WebhookEntity).count()).toBe(0);
  });

  it('vets a new URL on PATCH like creation: 400, nothing stored, nothing recorded', async () => {
    const stored = 'http://127.0.0.1:9/old';
    const webhookId = await aStoredWebhook(stored);
    for (const url of ['https://[::127.0.0.1]/hook', 'http://127.0.0.1:9/new', 'https://10.0.0.1/hook']) {
      const response = await t.http().patch(`/v1/webhooks/${webhookId}`).set('Cookie', admin.cookie).send({ url });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(response.body).toMatchObject({ error: 'Invalid form of body', details: [{ field: 'url' }] });
    }
    expect((await t.dataSource.getRepository(WebhookEntity).findOneByOrFail({ id: webhookId })).url).toBe(stored);
    expect(await t.dataSource.getRepository(AuditEventEntity).countBy({ subjectId: webhookId })).toBe(0);
    await t.dataSource.getRepository(WebhookEntity).delete({ id: webhookId });
  });

  it('vets the URL again at delivery: a stored loopback URL is refused and nothing reaches it', async () => {
    const webhookId = await aStoredWebhook(receiver.url);
    const sent = await t.http().post(`/v1/webhooks/${webhookId}/test`).set('Cookie', admin.cookie);
    expect(sent.status).toBe(202);
    let delivery: { attempts: number; lastError: string | null; status: string } | undefined;
    for (let waited = 0; !delivery?.attempts && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { body } = await t.http().get(`/v1/webhooks/${webhookId}/deliveries`).set('Cookie', admin.cookie);
      delivery = body.deliveries[0];
    }
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: expect.stringMatching(/^refused: /) });
    expect(receiver.received).toEqual([]);
  });
});
