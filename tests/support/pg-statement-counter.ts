import net from "node:net";

/**
 * A TCP relay in front of PostgreSQL that counts the statements clients send, read from the wire
 * protocol itself: each simple Query message ('Q') and each Execute message ('E') of the extended
 * protocol is one statement the server runs (BEGIN and COMMIT included). It sees whatever the
 * application sends, whichever library sent it, so a count from here cannot miss a query that a
 * hook inside our own code would not see. Each Execute is logged with the SQL of the statement it was bound to (a
 * named statement prepared once per connection is run again with Bind and Execute only). Bytes pass through unchanged.
 */
export type StatementCounter = {
  /** postgresql:// URL that reaches the database through the relay. */
  url: string;
  /** Statements counted since the start or the last reset. */
  count(): number;
  /** The statements' SQL text, in order (for each Execute, the statement its Bind named). */
  statements(): string[];
  reset(): void;
  close(): Promise<void>;
};

const sslRequestCode = 80877103;
const gssRequestCode = 80877104;

export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  const log: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on("close", () => sockets.delete(client));
    upstream.on("close", () => sockets.delete(upstream));
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());

    let pending = Buffer.alloc(0);
    let started = false;
    let lastParse = "";
    let bound = "";
    // Named statements prepared on this connection: their SQL, for the Executes that follow a Bind to them.
    const prepared = new Map<string, string>();
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // Startup-phase messages carry no type byte: length, then a code (SSL/GSS request or protocol version).
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code !== sslRequestCode && code !== gssRequestCode) started = true;
          continue;
        }
        if (pending.length < 5) return;
        const type = String.fromCharCode(pending[0]!);
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        const body = pending.subarray(5, 1 + length);
        pending = pending.subarray(1 + length);
        if (type === "Q") log.push(body.toString("utf8", 0, body.indexOf(0)));
        else if (type === "P") {
          const nameEnd = body.indexOf(0);
          const name = body.toString("utf8", 0, nameEnd);
          lastParse = body.toString("utf8", nameEnd + 1, body.indexOf(0, nameEnd + 1));
          if (name) prepared.set(name, lastParse);
        } else if (type === "B") {
          // Bind: portal name, then the statement's: a named statement prepared earlier runs without a new Parse.
          const portalEnd = body.indexOf(0);
          const name = body.toString("utf8", portalEnd + 1, body.indexOf(0, portalEnd + 1));
          bound = name ? (prepared.get(name) ?? name) : lastParse;
        } else if (type === "E") log.push(bound);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  return {
    url: url.toString(),
    count: () => log.length,
    statements: () => [...log],
    reset: () => void log.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
