/**
 * A TCP proxy in front of PostgreSQL that can stop passing bytes on, in both directions, without
 * closing anything: to the server it looks like a database (or a network) that hangs — the case a
 * stopped database does not cover, since there every connection fails at once. What arrives while
 * frozen is held, in order, and passed on when thawed. It also counts round trips (turns).
 */
import net, { type Socket } from 'node:net';

export class FreezingProxy {
  private frozen = false;
  private held: Array<[Socket, Buffer | null]> = [];
  private readonly sockets = new Set<Socket>();
  /**
   * Times a client spoke after its server had answered (or first): the round trips it made, since
   * bytes sent without waiting for an answer count once however they are cut into packets.
   */
  turns = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<FreezingProxy> {
    let proxy: FreezingProxy | undefined;
    const server = net.createServer((client) => proxy?.connect(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new FreezingProxy(server, (server.address() as net.AddressInfo).port);
    return proxy;
  }

  /** The same database URL, through the proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.href;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const [to, chunk] of this.held.splice(0)) this.pass(to, chunk);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private connect(client: Socket, target: { host: string; port: number }): void {
    const upstream = net.connect(target.port, target.host);
    let clientSpokeLast = false;
    client.on('data', () => {
      if (!clientSpokeLast) this.turns++;
      clientSpokeLast = true;
    });
    upstream.on('data', () => {
      clientSpokeLast = false;
    });
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => this.forward(to, chunk));
      from.on('end', () => this.forward(to, null));
      // A side that fails or closes takes the other with it, as a cut connection would.
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }

  /** `null` is the end of one direction. */
  private forward(to: Socket, chunk: Buffer | null): void {
    if (this.frozen) this.held.push([to, chunk]);
    else this.pass(to, chunk);
  }

  private pass(to: Socket, chunk: Buffer | null): void {
    if (to.destroyed || to.writableEnded) return;
    if (chunk === null) to.end();
    else to.write(chunk);
  }
}
