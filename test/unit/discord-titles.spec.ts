import { EVENT_ACTIONS } from '../../src/events/event-catalogue';
import { discordBody } from '../../src/webhooks/webhook-formats';

describe('Discord webhook bodies', () => {
  it('title every audit action in Spanish, organisations and invoices included', () => {
    const untitled = EVENT_ACTIONS.filter((action) => {
      const body = discordBody({ eventId: '1', action, actor: { type: 'cli', id: null }, subject: { type: 'organisation', id: '2' }, data: {}, createdAt: new Date(0).toISOString() });
      return body.embeds[0].title === action;
    });
    expect(untitled).toEqual([]);
    const fine = discordBody({ eventId: '1', action: 'invoice.paid', actor: { type: 'user', id: '3' }, subject: { type: 'invoice', id: '4' }, data: {}, createdAt: new Date(0).toISOString() });
    expect(fine.embeds[0]).toMatchObject({ title: 'Factura pagada', fields: [{ name: 'Factura', value: '4', inline: true }, expect.anything()] });
  });
});
