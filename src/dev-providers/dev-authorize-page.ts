import type { AuthorizeRequest } from './dev-oauth-server';
import type { DevProviderSpec } from './dev-identities';

import { communityFieldset } from './dev-community';
import { escapeHtml } from './dev-html';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222}
fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0;padding:1rem}
label{display:block;margin:.5rem 0}input{width:100%;padding:.4rem;box-sizing:border-box}
.choice input{width:auto;margin-right:.4rem}legend{font-weight:600}
button{margin:.25rem 0;padding:.5rem 1rem;cursor:pointer}.note{color:#666}.problem{color:#b00020}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The page where a person picks or types the identity to sign in with. */
export function authorizePage(spec: DevProviderSpec, request: AuthorizeRequest, problem?: string): string {
  const hidden = Object.entries({
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    scope: request.scope,
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  const presets = spec.presets
    .map(
      (identity, index) =>
        `<button type="submit" name="preset" value="${index}">${escapeHtml(identity.displayName)} ` +
        `(${escapeHtml(identity.username)}, id ${escapeHtml(identity.id)})</button>`,
    )
    .join('<br>\n');
  return layout(
    `Sign in with ${spec.name} (development)`,
    `<h1>${escapeHtml(spec.name)}: development sign-in</h1>
<p class="note">A built-in stand-in for the real provider: no account or password, anyone can be anyone.
Scopes asked: ${escapeHtml(request.scope || 'none')}.</p>
${problem ? `<p class="problem">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/dev/${escapeHtml(spec.name)}/oauth/authorize">
${hidden}
${spec.hasCommunity ? communityFieldset() : ''}
<fieldset><legend>Test identities</legend>
${presets}
</fieldset>
<fieldset><legend>Or type one</legend>
<label>Username <input name="username" maxlength="32" autocomplete="off"></label>
<label>Display name (optional) <input name="display_name" maxlength="64" autocomplete="off"></label>
<label>Id (optional, digits; derived from the username when empty) <input name="id" maxlength="20" inputmode="numeric" autocomplete="off"></label>
<button type="submit" name="preset" value="">Sign in</button>
</fieldset>
</form>`,
  );
}

export function errorPage(providerName: string, problem: string): string {
  return layout(
    `${providerName} (development): invalid request`,
    `<h1>Invalid authorization request</h1><p class="problem">${escapeHtml(problem)}</p>`,
  );
}
