import { clientKey } from '../../src/access/rate-limit.guard';

describe('rate-limit client key', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it.each([undefined, '', 'abc', '1.2.3.4, 5.6.7.8', '1.2.3.4:80'])('keys %j, which is no address, as unknown without throwing', (ip) => {
    expect(clientKey(ip)).toBe('unknown');
  });
});
