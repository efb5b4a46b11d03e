'use strict';
// A sign-in through the development provider, as a browser does it: start, the authorize form
// submitted, callback; the cookies (the `oauth_binding` one of the start included) kept in a jar.

/** Cookie jar: `Set-Cookie` lines folded into the next request's `Cookie` header. */
class CookieJar {
  constructor() {
    this.cookies = new Map();
  }

  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0];
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(name.length + 1);
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function call(jar, url, init = {}) {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
  jar.take(response);
  return response;
}

/** Signs `username` in at `baseUrl`; resolves with the `Cookie` header of the signed-in browser. */
async function signIn(baseUrl, username = 'bench') {
  const jar = new CookieJar();
  const start = await call(jar, `${baseUrl}/v1/oauth/chatapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ redirectUrl: `${baseUrl}/after-sign-in` }),
  });
  if (start.status !== 200) throw new Error(`sign-in start answered ${start.status}: ${await start.text()}`);
  const target = new URL((await start.json()).targetUrl);
  // The authorize page's hidden fields are the authorize URL's parameters; the person adds a name.
  const submitted = await call(jar, `${target.origin}${target.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(target.searchParams), username, id: '', preset: '' }).toString(),
  });
  if (submitted.status !== 302) throw new Error(`authorize answered ${submitted.status}: ${await submitted.text()}`);
  const callback = await call(jar, submitted.headers.get('location'));
  if (callback.status !== 302 || !jar.cookies.has('access_token')) throw new Error(`callback answered ${callback.status}`);
  return jar.header();
}

module.exports = { signIn };
