/**
 * One SMPP link over a socket, for both ends (our client sessions and the sandbox SMSC): framing of
 * the incoming byte stream into PDUs (pdu-codec.ts), sequence numbers, response callbacks, and
 * writes gathered per tick into one socket write (a syscall per PDU was the largest single cost of
 * a busy link: on loopback each write also runs the peer's TCP receive). The `smpp` library's
 * Session reads each PDU with two `socket.read()` calls and a Buffer.concat; this reads the
 * 'data' chunks as they come.
 *
 * Events: 'pdu' (Pdu) for every request the peer sends (responses go to their request's callback);
 * 'error' (Error) for a malformed stream (the socket is then destroyed); 'close'.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { decodePdu, encodeResponse, isResponse, MAX_PDU_LENGTH, type Pdu } from './pdu-codec.ts';

export type ResponseHandler = (pdu: Pdu) => void;

export class SmppLink extends EventEmitter {
  private sequence = 0;
  private readonly callbacks = new Map<number, ResponseHandler>();
  private pending: Buffer | null = null;
  private corked = false;

  constructor(readonly socket: Socket) {
    super();
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => {
      this.callbacks.clear();
      this.emit('close');
    });
  }

  get writable() {
    return this.socket.writable && !this.socket.destroyed;
  }

  /** Sends a request built for its sequence number; `onResponse` gets its response. False when the socket is closed. */
  request(build: (sequence: number) => Buffer, onResponse?: ResponseHandler): number | false {
    if (!this.writable) return false;
    this.sequence = this.sequence >= 0x7fffffff ? 1 : this.sequence + 1;
    const seq = this.sequence;
    if (onResponse) this.callbacks.set(seq, onResponse);
    this.write(build(seq));
    return seq;
  }

  /** Answers a request (see encodeResponse). */
  respond(request: Pdu, status = 0, id = '') {
    if (this.writable) this.write(encodeResponse(request, status, id));
  }

  /** Graceful close (FIN after what is written). */
  end() {
    this.socket.end();
  }

  destroy() {
    this.socket.destroy();
  }

  private write(buf: Buffer) {
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(buf);
  }

  private onData(chunk: Buffer) {
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let at = 0;
    while (buf.length - at >= 4) {
      const length = buf.readUInt32BE(at);
      if (length < 16 || length > MAX_PDU_LENGTH) return this.fail(new Error(`SMPP PDU length ${length} is out of range`));
      if (buf.length - at < length) break;
      let pdu: Pdu;
      try {
        pdu = decodePdu(buf.subarray(at, at + length));
      } catch (err) {
        return this.fail(err as Error);
      }
      at += length;
      this.dispatch(pdu);
      if (this.socket.destroyed) return;
    }
    if (at < buf.length) this.pending = at === 0 ? buf : Buffer.from(buf.subarray(at));
  }

  private dispatch(pdu: Pdu) {
    if (isResponse(pdu)) {
      const cb = this.callbacks.get(pdu.sequence_number);
      if (cb) {
        this.callbacks.delete(pdu.sequence_number);
        cb(pdu);
      }
      return;
    }
    this.emit('pdu', pdu);
  }

  private fail(err: Error) {
    this.pending = null;
    this.emit('error', err);
    this.socket.destroy();
  }
}
