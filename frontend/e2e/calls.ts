//! Calls between two browser contexts on this machine (used by voice.e2e.ts and a11y.e2e.ts).
import type { PhoneSession } from './browser';

/**
 * Test-only hooks, installed before the app loads: the ICE servers are none (the machine has no
 * network; both phones are on this host), every RTCPeerConnection the app makes is kept on
 * `window.__pcs` for the stats, and only loopback candidates are handed to the app, so ICE
 * does not wait on the machine's other addresses.
 */
export async function prepareForCalls(session: PhoneSession) {
  await session.page.route('**/api/rtc/config', (route) => route.fulfill({ json: { iceServers: [] } }));
  await session.context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const kept: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = kept;
    const loopback = /\s(127\.0\.0\.1|::1)\s/;
    class LoopbackPeerConnection extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        kept.push(this);
      }
      override set onicecandidate(handler: RTCPeerConnection['onicecandidate']) {
        super.onicecandidate = handler
          ? (event: RTCPeerConnectionIceEvent) => {
              if (!event.candidate || loopback.test(` ${event.candidate.candidate} `)) handler.call(this, event);
            }
          : null;
      }
      override get onicecandidate(): RTCPeerConnection['onicecandidate'] {
        return super.onicecandidate;
      }
    }
    window.RTCPeerConnection = LoopbackPeerConnection;
  });
}
