//! A WebSocket stand-in for jsdom: install() puts it on the global object; each instance records
//! what the client sent, and the test opens it, pushes server events into it and drops it.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket created since install(), oldest first. */
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** Frames the client sent, parsed. */
  readonly sent: Array<{ type: string; [field: string]: unknown }> = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server accepts the connection. */
  open(): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  /** The server sends an event. */
  receive(event: { type: string; [field: string]: unknown }): void {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
    });
  }

  /** The connection drops (or fails to open). */
  drop(): void {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.(new CloseEvent('close', { code: 1006 }));
    });
  }

  /** The types of the frames sent so far. */
  sentTypes(): string[] {
    return this.sent.map((frame) => frame.type);
  }

  static install(): void {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  }

  /** The newest socket. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}
