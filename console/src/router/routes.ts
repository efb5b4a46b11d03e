/** Every screen of the console and what its address carries. */
export type Route =
  | { screen: 'home' }
  | { screen: 'review'; page: number }
  | { screen: 'users'; q: string; tag: string }
  | { screen: 'dossier'; userId: string }
  | { screen: 'characters'; q: string; status: string }
  | { screen: 'character'; userId: string; characterId: string }
  | { screen: 'audit'; action: string; actorId: string; subjectId: string }
  | { screen: 'organisations'; type: string }
  | { screen: 'organisation'; organisationId: string }
  | { screen: 'invoices'; characterId: string; organisationId: string; status: string; kind: string }
  | { screen: 'webhooks' }
  | { screen: 'deliveries'; webhookId: string }
  | { screen: 'serviceKeys' }
  | { screen: 'notFound' };

export type Screen = Route['screen'];

const BASE = '/console';

export function routeOf(pathname: string, search: string): Route {
  const segments = pathname.slice(BASE.length).split('/').filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(search);
  const text = (name: string) => query.get(name)?.trim() ?? '';
  const [first, id, third, fourth, ...rest] = segments;
  if (rest.length) return { screen: 'notFound' };
  if (first === undefined) return { screen: 'home' };
  if (first === 'review' && !id) return { screen: 'review', page: positive(query.get('page')) };
  if (first === 'users' && !id) return { screen: 'users', q: text('q'), tag: text('tag') };
  if (first === 'users' && !third) return { screen: 'dossier', userId: id };
  if (first === 'users' && third === 'characters' && fourth) return { screen: 'character', userId: id, characterId: fourth };
  if (first === 'characters' && !id) return { screen: 'characters', q: text('q'), status: text('status') };
  if (first === 'audit' && !id) return { screen: 'audit', action: text('action'), actorId: text('actorId'), subjectId: text('subjectId') };
  if (first === 'organisations' && !id) return { screen: 'organisations', type: text('type') };
  if (first === 'organisations' && !third) return { screen: 'organisation', organisationId: id };
  if (first === 'invoices' && !id)
    return { screen: 'invoices', characterId: text('characterId'), organisationId: text('organisationId'), status: text('status'), kind: text('kind') };
  if (first === 'webhooks' && !id) return { screen: 'webhooks' };
  if (first === 'webhooks' && !third) return { screen: 'deliveries', webhookId: id };
  if (first === 'service-keys' && !id) return { screen: 'serviceKeys' };
  return { screen: 'notFound' };
}

export function hrefOf(route: Route): string {
  switch (route.screen) {
    case 'home':
    case 'notFound':
      return `${BASE}/`;
    case 'review':
      return `${BASE}/review${queryOf({ page: route.page > 1 ? String(route.page) : '' })}`;
    case 'users':
      return `${BASE}/users${queryOf({ q: route.q, tag: route.tag })}`;
    case 'dossier':
      return `${BASE}/users/${encodeURIComponent(route.userId)}`;
    case 'characters':
      return `${BASE}/characters${queryOf({ q: route.q, status: route.status })}`;
    case 'character':
      return `${BASE}/users/${encodeURIComponent(route.userId)}/characters/${encodeURIComponent(route.characterId)}`;
    case 'audit':
      return `${BASE}/audit${queryOf({ action: route.action, actorId: route.actorId, subjectId: route.subjectId })}`;
    case 'organisations':
      return `${BASE}/organisations${queryOf({ type: route.type })}`;
    case 'organisation':
      return `${BASE}/organisations/${encodeURIComponent(route.organisationId)}`;
    case 'invoices':
      return `${BASE}/invoices${queryOf({ characterId: route.characterId, organisationId: route.organisationId, status: route.status, kind: route.kind })}`;
    case 'webhooks':
      return `${BASE}/webhooks`;
    case 'deliveries':
      return `${BASE}/webhooks/${encodeURIComponent(route.webhookId)}`;
    case 'serviceKeys':
      return `${BASE}/service-keys`;
  }
}

function queryOf(values: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== '')).toString();
  return query ? `?${query}` : '';
}

function positive(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
