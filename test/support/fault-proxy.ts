import { connect, createServer, type Server, type Socket } from 'node:net';

/** A connection through the proxy: the client's side and the upstream side, once connected. */
interface Link {
  client: Socket;
  upstream?: Socket;
}

/**
 * A TCP proxy on 127.0.0.1 between the service and one dependency (PostgreSQL, Redis), which a
 * test can `cut` (every connection closed, new ones refused), `freeze` (connections stay open but
 * no byte moves, as with a hung server) and `restore`. The dependency itself is never touched.
 */
export class FaultProxy {
  private readonly links = new Set<Link>();
  private state: 'open' | 'cut' | 'frozen' = 'open';

  private constructor(
    private readonly server: Server,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(targetUrl: string): Promise<FaultProxy> {
    const { hostname, port } = new URL(targetUrl);
    const server = createServer();
    const proxy = new FaultProxy(server, { host: hostname, port: Number(port) });
    server.on('connection', (client) => proxy.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.href;
  }

  cut(): void {
    this.state = 'cut';
    for (const link of this.links) this.drop(link);
  }

  freeze(): void {
    this.state = 'frozen';
    for (const { client, upstream } of this.links) [client, upstream].forEach((socket) => socket?.pause());
  }

  restore(): void {
    this.state = 'open';
    for (const link of this.links) {
      if (!link.upstream) this.connectUpstream(link);
      [link.client, link.upstream].forEach((socket) => socket?.resume());
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket): void {
    client.on('error', () => undefined);
    if (this.state === 'cut') return void client.destroy();
    const link: Link = { client };
    this.links.add(link);
    client.once('close', () => this.drop(link));
    if (this.state === 'frozen') client.pause();
    else this.connectUpstream(link);
  }

  private connectUpstream(link: Link): void {
    const upstream = connect(this.target.port, this.target.host);
    link.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.once('close', () => this.drop(link));
    forward(link.client, upstream, () => this.state === 'open');
    forward(upstream, link.client, () => this.state === 'open');
  }

  private drop(link: Link): void {
    this.links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  }
}

/** Copies `from` to `to`, holding back while `to` is full or while `flowing()` is false. */
function forward(from: Socket, to: Socket, flowing: () => boolean): void {
  from.on('data', (chunk: Buffer) => {
    if (!to.write(chunk)) from.pause();
  });
  to.on('drain', () => {
    if (flowing()) from.resume();
  });
}
