/** The parts of `smpp` 0.5.1 (SMPP 3.4 client and server, plain JavaScript) this app uses. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: any;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
    toBuffer(): Buffer;
  }

  export class Session extends EventEmitter {
    socket: Socket;
    server?: Server;
    send(pdu: PDU, onResponse?: (pdu: PDU) => void, onSent?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    // command shortcuts: session.submit_sm({...}, onResponse)
    [command: string]: any;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export const PDU: {
    new (command: string, options?: Record<string, any>): PDU;
    fromBuffer(buffer: Buffer): PDU;
  };

  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  export function createServer(listener?: (session: Session) => void): Server;
  export function connect(options: { host: string; port: number; [k: string]: unknown }, listener?: () => void): Session;

  const smpp: {
    createServer: typeof createServer;
    connect: typeof connect;
    PDU: typeof PDU;
    Session: typeof Session;
  };
  export default smpp;
}
