import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { In } from 'typeorm';
import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { Permission } from '../../src/common/permissions/permission';
import { WebhookDeliveryEntity } from '../../src/webhooks/webhook-delivery.entity';
import { ensureBuilt, type Instance, killAll, startInstance } from '../cluster/processes';
import { createTestApp, freshDatabase, type FreshDatabase, type TestApp } from '../support/app';
import type { TestBackend } from '../support/backends';
import { aPlayer } from '../support/factories';
import { anApprovedPlayer, aServiceKey, EXTERNAL, expectChained, storedEntries, wallet, walletBalance } from '../support/money';
import { aWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { sleep, until } from '../support/wait';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const backend: TestBackend | undefined = postgresUrl && redisUrl ? { name: 'postgres+redis', postgresUrl, redisUrl } : undefined;
const describeFaults = backend ? describe : describe.skip;

/** The webhook worker's claim on a delivery (six delivery timeouts): what a killed process's claims wait out. */
jest.setTimeout(150_000);

const CREDITS = 30;
const AMOUNT = 100;

/**
 * Decisions §13 with a process killed (SIGKILL) in the middle of transfers and webhook deliveries:
 * after a restart, every transfer retried with its Idempotency-Key is applied exactly once, every
 * balance equals its statement, and every due delivery arrives at least once, always under its
 * one `webhook-id`.
 */
describeFaults('a server killed mid-work [postgres+redis]', () => {
  let folder: string;
  let database: FreshDatabase;
  let setup: TestApp;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;

  beforeAll(async () => {
    ensureBuilt();
    folder = mkdtempSync(join(tmpdir(), 'kill-'));
    database = await freshDatabase(backend!, folder);
    // Makes the data in the same database; its own webhook worker stays idle.
    setup = await createTestApp(backend!, { env: { DATABASE_URL: database.url, WEBHOOK_POLL_MS: '3600000', WEBHOOK_ALLOW_PRIVATE: 'true', RATE_LIMITS: 'off' } });
    receiver = await aWebhookReceiver();
    receiver.delayMs = 200;
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `kill-${randomBytes(6).toString('hex')}:`,
      STORAGE_URL: `file:${join(folder, 'files')}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '100',
      RATE_LIMITS: 'off',
    };
  });

  afterAll(async () => {
    await killAll();
    await setup?.close();
    await receiver?.close();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every sum and delivers every event at least once under a stable webhook-id after kill -9', async () => {
    const admin = await aPlayer(setup, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
    const key = await aServiceKey(setup, { cookie: admin.cookie }, Permission.SERVICE_ADMINISTRATOR);
    const hook = await setup.http().post('/v1/webhooks').set('Cookie', admin.cookie).send({ url: receiver.url, events: ['transfer.external'], format: 'standard' });
    expect(hook.status).toBe(201);
    const players = [await anApprovedPlayer(setup), await anApprovedPlayer(setup), await anApprovedPlayer(setup)];
    const credits = Array.from({ length: CREDITS }, (_, index) => ({
      idempotencyKey: `kill-credit-${index}`,
      body: { from: EXTERNAL, to: wallet(players[index % players.length].character.id), amount: AMOUNT },
    }));
    const send = (instance: Instance, credit: (typeof credits)[number]) =>
      fetch(`${instance.url}/v1/transfers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': credit.idempotencyKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(credit.body),
      }).then(
        (response) => response.status,
        () => 0,
      );

    const first = await startInstance('first', env);
    const statuses: number[] = [];
    const load = (async () => {
      for (const credit of credits) {
        statuses.push(await send(first, credit));
        await sleep(30);
      }
    })();
    await receiver.waitFor(5, 20_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await load;
    expect(statuses.filter((status) => status === 0).length).toBeGreaterThan(0);

    const second = await startInstance('second', env);
    // The client's part: whatever got no answer is sent again under its Idempotency-Key.
    for (const credit of credits) expect([200, 201]).toContain(await send(second, credit));

    const balances = await Promise.all(players.map((player) => walletBalance(setup, player.character.id)));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(CREDITS * AMOUNT);
    for (const [index, player] of players.entries()) expectChained(await storedEntries(setup, 'wallet', player.character.id), balances[index]);

    const deliveries = setup.dataSource.getRepository(WebhookDeliveryEntity);
    const events = await setup.dataSource.getRepository(AuditEventEntity).findBy({ action: 'transfer.external' });
    expect(events).toHaveLength(CREDITS);
    await until(async () => (await deliveries.countBy({ webhookId: hook.body.webhookId, status: 'delivered' })) === CREDITS, 100_000);
    const stored = await deliveries.findBy({ eventId: In(events.map((event) => event.id)) });
    expect(stored).toHaveLength(CREDITS);
    const received = new Map<string, string[]>();
    for (const request of receiver.received) {
      const id = String(request.headers['webhook-id']);
      received.set(id, [...(received.get(id) ?? []), request.body]);
    }
    for (const delivery of stored) expect(received.get(delivery.id)?.every((body) => body === delivery.payload)).toBe(true);
    expect([...received.keys()].sort()).toEqual(stored.map((delivery) => delivery.id).sort());
  });
});
