import { IdGenerator } from '../../src/database/id-generator';
import { WebhookDeliveryEntity } from '../../src/webhooks/webhook-delivery.entity';
import { newWebhookSecret } from '../../src/webhooks/webhook-formats';
import { WebhookEntity } from '../../src/webhooks/webhook.entity';
import { createTestApp, type TestApp } from '../support/app';
import { anAdministrator } from '../support/audit';
import { describeEachBackend } from '../support/backends';
import { aWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

type Admin = { cookie: string };

const deliveriesPage = (t: TestApp, admin: Admin, webhookId: string, query = '') =>
  t.http().get(`/v1/webhooks/${webhookId}/deliveries${query}`).set('Cookie', admin.cookie);

const testEvent = async (t: TestApp, admin: Admin, webhookId: string): Promise<string> =>
  (await t.http().post(`/v1/webhooks/${webhookId}/test`).set('Cookie', admin.cookie).expect(202)).body.deliveryId;

describeEachBackend('webhook deliveries: paging and deletion', (backend) => {
  let t: TestApp;
  let admin: Admin;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50', RATE_LIMITS: 'off' } });
    admin = await anAdministrator(t);
    receiver = await aWebhookReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const aWebhook = async (): Promise<string> =>
    (await t.http().post('/v1/webhooks').set('Cookie', admin.cookie).send({ url: receiver.url, events: ['character.approved'], format: 'standard' }).expect(201))
      .body.webhookId;

  it('pages a webhook’s deliveries newest first with limit and nextBefore, and only its own', async () => {
    const webhookId = await aWebhook();
    const other = await aWebhook();
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) sent.push(await testEvent(t, admin, webhookId));
    await testEvent(t, admin, other);

    const seen: string[][] = [];
    let before: string | null = '';
    while (before !== null) {
      const page = await deliveriesPage(t, admin, webhookId, `?limit=2${before ? `&before=${before}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(page.body.deliveries.map((delivery: { deliveryId: string }) => delivery.deliveryId));
      before = page.body.nextBefore;
      if (before !== null) expect(before).toBe(seen.at(-1)!.at(-1));
    }
    const newestFirst = [...sent].reverse();
    expect(seen).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    expect((await deliveriesPage(t, admin, webhookId)).body).toEqual({ deliveries: expect.any(Array), nextBefore: null });
    expect((await deliveriesPage(t, admin, webhookId)).body.deliveries).toHaveLength(5);
    expect((await deliveriesPage(t, admin, webhookId, '?limit=5')).body.nextBefore).toBeNull();
  });

  it('deletes a webhook’s deliveries with it, and no other webhook’s', async () => {
    const doomed = await aWebhook();
    const kept = await aWebhook();
    for (const webhookId of [doomed, doomed, kept]) await testEvent(t, admin, webhookId);
    const stored = t.dataSource.getRepository(WebhookDeliveryEntity);
    expect(await stored.countBy({ webhookId: doomed })).toBe(2);

    expect((await t.http().delete(`/v1/webhooks/${doomed}`).set('Cookie', admin.cookie)).status).toBe(204);
    expect(await stored.countBy({ webhookId: doomed })).toBe(0);
    expect(await stored.countBy({ webhookId: kept })).toBe(1);
    expect(await deliveriesPage(t, admin, doomed)).toMatchObject({ status: 404, body: { error: 'Unknown Webhook' } });
    expect((await deliveriesPage(t, admin, kept)).body.deliveries).toHaveLength(1);
  });
});

describeEachBackend('webhook deliveries: the SSRF guard at every attempt', (backend) => {
  let t: TestApp;
  let admin: Admin;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '600000' } });
    admin = await anAdministrator(t);
    receiver = await aWebhookReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /**
   * A webhook stored with a URL that passed the guard when it was made, and whose host now points to
   * a loopback address (as after a DNS change): written to the table, since creation would refuse it.
   */
  async function aWebhookNowPointing(url: string): Promise<string> {
    const id = t.app.get(IdGenerator).next();
    await t.dataSource.getRepository(WebhookEntity).insert({ id, url, events: ['character.approved'], format: 'standard', description: null, secret: newWebhookSecret(), active: true });
    return id;
  }

  async function firstAttempt(webhookId: string, deliveryId: string): Promise<WebhookDeliveryEntity> {
    const stored = t.dataSource.getRepository(WebhookDeliveryEntity);
    for (let waited = 0; waited < 10_000; waited += 50) {
      const delivery = await stored.findOneByOrFail({ id: deliveryId, webhookId });
      if (delivery.attempts > 0) return delivery;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`delivery ${deliveryId} was never attempted`);
  }

  it.each([
    ['a host name resolving to loopback', (port: string) => `https://localhost:${port}/hook`],
    ['a loopback address over plain http', (port: string) => `http://127.0.0.1:${port}/hook`],
  ])('refuses to post to %s, and records why', async (_, urlOf) => {
    const webhookId = await aWebhookNowPointing(urlOf(new URL(receiver.url).port));
    const deliveryId = await testEvent(t, admin, webhookId);
    const attempted = await firstAttempt(webhookId, deliveryId);
    expect(attempted).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: expect.stringMatching(/^refused: /) });
    const listed = await deliveriesPage(t, admin, webhookId);
    expect(listed.body.deliveries).toEqual([expect.objectContaining({ deliveryId, lastError: attempted.lastError })]);
    expect(receiver.received).toEqual([]);
  });
});
