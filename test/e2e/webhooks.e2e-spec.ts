import { Webhook } from 'standardwebhooks';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, freePort, type TestApp } from '../support/app';
import { anAdministrator } from '../support/audit';
import { describeEachBackend } from '../support/backends';
import { aSignedInUser, submittableAssets } from '../support/character-fixtures';
import { aCharacter, aUser, signIn } from '../support/factories';
import { APPROVE, aPendingCharacter, aReviewer, REJECT } from '../support/review-fixtures';
import { aWebhookReceiver, deleteEveryWebhook, discordSchemaProblems, type WebhookReceiver } from '../support/webhook-receiver';

describeEachBackend('webhooks', (backend) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let receiver: WebhookReceiver;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp(backend, {
      env: {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_BASE_MS: '20',
        WEBHOOK_RETRY_WINDOW_MS: '1500',
        WEBHOOK_POLL_MS: '50',
        METRICS_PORT: String(metricsPort),
      },
    });
    admin = await anAdministrator(t);
  });
  beforeEach(async () => {
    receiver = await aWebhookReceiver();
  });
  afterEach(async () => {
    await deleteEveryWebhook(t, admin.cookie);
    await receiver.close();
  });
  afterAll(() => t.close());

  const createWebhook = (body: object) => t.http().post('/v1/webhooks').set('Cookie', admin.cookie).send(body);
  const deliveries = async (webhookId: string) =>
    (await t.http().get(`/v1/webhooks/${webhookId}/deliveries`).set('Cookie', admin.cookie).expect(200)).body.deliveries;
  async function untilDelivery(webhookId: string, deliveryId: string, status: string) {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = (await deliveries(webhookId)).find((d: { deliveryId: string }) => d.deliveryId === deliveryId);
      if (found?.status === status) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`delivery ${deliveryId} never became ${status}`);
  }

  it('posts character.approved for each of a batch of 3, signed so that standardwebhooks verifies it, body as GET /v1/audit shows it', async () => {
    const created = await createWebhook({ url: receiver.url, events: ['character.approved'], format: 'standard', description: 'bot' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url, events: ['character.approved'], format: 'standard', active: true, description: 'bot' });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const listed = await t.http().get('/v1/webhooks').set('Cookie', admin.cookie);
    expect(listed.body.webhooks).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);

    const batch = [await aPendingCharacter(t), await aPendingCharacter(t), await aPendingCharacter(t)];
    await t.http().post(APPROVE).set('Cookie', await aReviewer(t)).send({ characterIds: batch.map((c) => c.id) }).expect(200);

    const received = await receiver.waitFor(3);
    const verifier = new Webhook(created.body.secret);
    const bodies = received.map((request) => verifier.verify(request.body, request.headers as Record<string, string>) as { subject: { id: string } });
    expect(bodies.map((body) => body.subject.id).sort()).toEqual(batch.map((c) => c.id).sort());
    const audit = await t.http().get(`/v1/audit?action=character.approved&subjectId=${batch[0].id}`).set('Cookie', admin.cookie);
    const request = received.find((r) => JSON.parse(r.body).subject.id === batch[0].id)!;
    expect(request.body).toBe(JSON.stringify(audit.body.events[0]));
    const stored = await deliveries(created.body.webhookId);
    expect(stored.map((d: { deliveryId: string }) => d.deliveryId).sort()).toEqual(received.map((r) => r.headers['webhook-id']).sort());
    expect(stored.every((d: { status: string; attempts: number }) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    expect(() => verifier.verify(request.body.replace('approved', 'rejected'), request.headers as Record<string, string>)).toThrow();
  });

  it('retries after 500 and 500 with the same webhook-id, and ends delivered after 3 attempts', async () => {
    receiver.script = [500, 500];
    const created = await createWebhook({ url: receiver.url, events: ['character.cancelled'], format: 'standard' });
    const test = await t.http().post(`/v1/webhooks/${created.body.webhookId}/test`).set('Cookie', admin.cookie);
    expect(test.status).toBe(202);
    const delivered = await untilDelivery(created.body.webhookId, test.body.deliveryId, 'delivered');
    expect(delivered).toMatchObject({ action: 'webhook.test', attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(delivered.deliveredAt).toEqual(expect.any(String));
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([test.body.deliveryId, test.body.deliveryId, test.body.deliveryId]);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metricValue(metrics, 'webhook_deliveries_total{status="retried"}')).toBeGreaterThanOrEqual(2);
    expect(metricValue(metrics, 'webhook_deliveries_total{status="delivered"}')).toBeGreaterThanOrEqual(1);
    expect(metricValue(metrics, 'webhook_outbox_depth')).toBe(0);
  });

  it('fails a delivery whose receiver stays down past the retry window, and `retry` delivers it once when it is back', async () => {
    receiver.fallback = 'drop';
    const created = await createWebhook({ url: receiver.url, events: ['character.cancelled'], format: 'standard' });
    const webhookId = created.body.webhookId;
    const { deliveryId } = (await t.http().post(`/v1/webhooks/${webhookId}/test`).set('Cookie', admin.cookie)).body;
    const failed = await untilDelivery(webhookId, deliveryId, 'failed');
    expect(failed.attempts).toBeGreaterThan(2);
    expect(failed.lastError).toEqual(expect.any(String));
    expect(receiver.received).toEqual([]);

    receiver.fallback = 200;
    const retried = await t.http().post(`/v1/webhooks/${webhookId}/deliveries/${deliveryId}/retry`).set('Cookie', admin.cookie);
    expect(retried.status).toBe(202);
    expect(await untilDelivery(webhookId, deliveryId, 'delivered')).toMatchObject({ attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    const again = await t.http().post(`/v1/webhooks/${webhookId}/deliveries/${deliveryId}/retry`).set('Cookie', admin.cookie);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Delivery Not Failed' });
  });

  it('posts Discord execute-webhook bodies in Spanish for submit, approve and reject with its reason', async () => {
    const created = await createWebhook({ url: receiver.url, events: ['character.*'], format: 'discord' });
    expect(created.body.secret).toBeUndefined();
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user, await submittableAssets(t));
    await t.http().post(`/v1/users/@me/characters/${character.id}/submit`).set('Cookie', cookie).expect(201);
    const reviewer = await aReviewer(t);
    await t.http().post(REJECT).set('Cookie', reviewer).send({ characterIds: [character.id], reason: 'Falta la firma' }).expect(200);
    await t.http().post(`/v1/users/@me/characters/${character.id}/submit`).set('Cookie', cookie).expect(201);
    await t.http().post(APPROVE).set('Cookie', reviewer).send({ characterIds: [character.id] }).expect(200);

    const received = await receiver.waitFor(4);
    const bodies = received.map((r) => JSON.parse(r.body));
    for (const body of bodies) expect(discordSchemaProblems(body)).toEqual([]);
    const titles = bodies.map((body) => body.embeds[0].title).sort();
    expect(titles).toEqual(['Personaje aprobado', 'Personaje enviado a revisión', 'Personaje enviado a revisión', 'Personaje rechazado'].sort());
    const rejection = bodies.find((body) => body.embeds[0].title === 'Personaje rechazado');
    expect(rejection.embeds[0].fields).toContainEqual({ name: 'Motivo', value: 'Falta la firma', inline: false });
    expect(received.every((r) => r.headers['webhook-signature'] === undefined)).toBe(true);
  });

  it('keeps an inactive webhook’s deliveries waiting until it is active again', async () => {
    const created = await createWebhook({ url: receiver.url, events: ['character.approved'], format: 'standard' });
    const webhookId = created.body.webhookId;
    const paused = await t.http().patch(`/v1/webhooks/${webhookId}`).set('Cookie', admin.cookie).send({ active: false });
    expect(paused.status).toBe(200);
    expect(paused.body.active).toBe(false);
    const character = await aPendingCharacter(t);
    await t.http().post(APPROVE).set('Cookie', await aReviewer(t)).send({ characterIds: [character.id] }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toEqual([]);
    expect(await deliveries(webhookId)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    await t.http().patch(`/v1/webhooks/${webhookId}`).set('Cookie', admin.cookie).send({ active: true }).expect(200);
    await receiver.waitFor(1);
  });

  it('refuses bad bodies, unknown webhooks and callers without ADMINISTRATOR', async () => {
    for (const body of [
      { url: receiver.url, events: [], format: 'standard' },
      { url: receiver.url, events: ['character.exploded'], format: 'standard' },
      { url: receiver.url, events: ['nothing.*'], format: 'standard' },
      { url: receiver.url, events: ['*'], format: 'slack' },
      { url: 'not a url', events: ['*'], format: 'standard' },
      { url: 'ftp://127.0.0.1/x', events: ['*'], format: 'standard' },
      { url: receiver.url, events: ['*'], format: 'standard', extra: true },
    ]) {
      const response = await createWebhook(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
    }
    const staff = await signIn(t, await aUser(t, { permissions: Permission.USER | Permission.STAFF | Permission.MODERATOR_CHIEF }));
    expect((await t.http().get('/v1/webhooks').set('Cookie', staff)).status).toBe(403);
    expect((await t.http().get('/v1/webhooks')).status).toBe(401);
    const unknown = await t.http().delete('/v1/webhooks/123456789012345678').set('Cookie', admin.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Unknown Webhook' });
    expect((await t.http().post('/v1/webhooks/nope/test').set('Cookie', admin.cookie)).status).toBe(404);
  });

  it('takes https as well as plain http when private targets are allowed', async () => {
    const created = await createWebhook({ url: 'https://127.0.0.1:9/hook', events: ['character.approved'], format: 'standard' });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe('https://127.0.0.1:9/hook');
  });
});

describeEachBackend('webhooks: the SSRF guard', (backend) => {
  let t: TestApp;
  let admin: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await anAdministrator(t);
  });
  afterAll(() => t.close());

  it('refuses plain http and hosts resolving to loopback, private or link-local addresses', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0.0.0.0/hook',
    ]) {
      const response = await t.http().post('/v1/webhooks').set('Cookie', admin.cookie).send({ url, events: ['*'], format: 'discord' });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(response.body.details[0].field).toBe('url');
    }
    const { body } = await t.http().get('/v1/webhooks').set('Cookie', admin.cookie);
    expect(body).toEqual({ webhooks: [] });
  });

  it('says why a URL is refused, and takes a public address (never contacted here)', async () => {
    const create = (url: string) => t.http().post('/v1/webhooks').set('Cookie', admin.cookie).send({ url, events: ['character.approved'], format: 'standard' });
    for (const [url, message] of [
      ['not a url', 'not a URL'],
      ['http://203.0.113.9/hook', 'must be an https URL'],
      ['https://user:secret@203.0.113.9/hook', 'must not hold credentials'],
      ['https://:secret@203.0.113.9/hook', 'must not hold credentials'],
      ['https://[::1]/hook', 'resolves to a loopback, private or link-local address'],
      ['https://10.0.0.1/hook', 'resolves to a loopback, private or link-local address'],
    ]) {
      expect((await create(url)).body).toEqual({ error: 'Invalid form of body', details: [{ field: 'url', message }] });
    }
    for (const url of ['https://93.184.215.14/hook', 'https://[2606:4700:4700::1111]/hook']) {
      const created = await create(url);
      expect(created.status).toBe(201);
      await t.http().delete(`/v1/webhooks/${created.body.webhookId}`).set('Cookie', admin.cookie).expect(204);
    }
  });
});

function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}
