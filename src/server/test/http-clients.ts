import http from 'node:http';
import net from 'node:net';

/** Clients for tests against a listening server (a real socket, not app.inject). */

export interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: net.Socket;
}

/** One GET through `agent`; rejects with the client's error (its `code`: ECONNRESET, ECONNREFUSED). */
export function get(agent: http.Agent, port: number, urlPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      // Taken now: the agent detaches it from the answer once the body has been read.
      const socket = res.socket;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body,
          socket,
        }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * A raw connection to the server. `closedByServer` turns true when the server ends or resets it;
 * the test itself only closes it in `dispose()`, after its assertions.
 */
export function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = {
    socket,
    received: '',
    closedByServer: false,
    closed: new Promise<void>((resolve) => socket.once('close', () => resolve())),
    /** Bytes sent by `drip`. */
    dripped: 0,
    /** Sends `text` (ASCII) one byte every `everyMs` until it is all sent or the connection is closed. */
    drip(text: string, everyMs: number): void {
      const timer = setInterval(() => {
        if (socket.destroyed || state.dripped >= text.length) clearInterval(timer);
        else socket.write(text.charAt(state.dripped++));
      }, everyMs);
      socket.once('close', () => clearInterval(timer));
    },
    dispose: () => socket.destroy(),
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    state.received += chunk;
  });
  socket.on('end', () => {
    state.closedByServer = true;
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET') state.closedByServer = true;
  });
  return state;
}
