/**
 * The SSRF guard's answers for host names, whose addresses come from the name server: here a
 * stand-in for `lookup`, as no test may resolve a public name (traffic stays on loopback).
 */
import { lookup } from 'node:dns/promises';
import { maskedWebhookUrl, UnsafeWebhookUrl, vetWebhookUrl } from '../../src/webhooks/webhook-url';

jest.mock('node:dns/promises', () => ({ lookup: jest.fn() }));
const resolves = lookup as unknown as jest.Mock;

describe('webhook URL vetting of host names', () => {
  afterEach(() => resolves.mockReset());

  it('pins the first address a name resolves to, with its family', async () => {
    resolves.mockResolvedValue([
      { address: '2001:4860:4860::8888', family: 6 },
      { address: '8.8.8.8', family: 4 },
    ]);
    await expect(vetWebhookUrl('https://hooks.example/x', false)).resolves.toMatchObject({ address: '2001:4860:4860::8888', family: 6 });
    expect(resolves).toHaveBeenCalledWith('hooks.example', { all: true });
    resolves.mockResolvedValue([{ address: '8.8.4.4', family: 4 }]);
    await expect(vetWebhookUrl('https://hooks.example/x', false)).resolves.toMatchObject({ address: '8.8.4.4', family: 4 });
  });

  it('refuses a name with one private address among public ones, unless private targets are allowed', async () => {
    resolves.mockResolvedValue([
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    await expect(vetWebhookUrl('https://mixed.example/', false)).rejects.toEqual(
      new UnsafeWebhookUrl('resolves to a loopback, private or link-local address'),
    );
    await expect(vetWebhookUrl('https://mixed.example/', true)).resolves.toMatchObject({ address: '8.8.8.8' });
  });

  it('refuses a name that does not resolve, or resolves to no address', async () => {
    const refusal = new UnsafeWebhookUrl('host nowhere.example does not resolve');
    resolves.mockRejectedValue(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' }));
    await expect(vetWebhookUrl('https://nowhere.example/', false)).rejects.toEqual(refusal);
    resolves.mockResolvedValue([]);
    await expect(vetWebhookUrl('https://nowhere.example/', true)).rejects.toEqual(refusal);
  });
});

describe('webhook URL vetting of address literals', () => {
  it.each(['https://[::127.0.0.1]/hook', 'https://[::a00:1]/hook', 'https://[100:0:0:1::1]/hook'])(
    'refuses %s, a block of the special-purpose registries ipaddr.js does not name',
    async (url) => {
      await expect(vetWebhookUrl(url, false)).rejects.toEqual(new UnsafeWebhookUrl('resolves to a loopback, private or link-local address'));
    },
  );

  it('takes a public IPv6 literal, pinned with its family, without asking the name server', async () => {
    await expect(vetWebhookUrl('https://[2001:4860:4860::8888]/hook', false)).resolves.toMatchObject({ address: '2001:4860:4860::8888', family: 6 });
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('masked webhook URLs', () => {
  it.each([
    ['https://discord.example/api/webhooks/1/token', 'https://discord.example/api/****'],
    ['https://hooks.example/hook', 'https://hooks.example/hook'],
    ['https://hooks.example/', 'https://hooks.example'],
    ['https://hooks.example/hook?token=x', 'https://hooks.example/hook/****'],
    ['https://hooks.example/hook#token', 'https://hooks.example/hook/****'],
    ['https://hooks.example/?token=x', 'https://hooks.example/****'],
  ])('shows %s as %s', (url, masked) => {
    expect(maskedWebhookUrl(url)).toBe(masked);
  });
});
