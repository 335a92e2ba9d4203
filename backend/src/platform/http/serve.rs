//! Accepting and serving connections, with the deadlines `axum::serve` lacks (issue 39): a
//! request's headers must arrive within `header` of its first byte (or of the connection's
//! opening), its body must keep arriving (no `body` without a byte: the read fails and the
//! answer is 408), and a keep-alive connection with no request for `idle` is closed. Slow
//! clients cannot hold connections open for ever.
//!
//! hyper's own `header_read_timeout` cannot do this: it also runs while a kept-alive
//! connection waits for its next request, so the idle limit would be the header one (10 s),
//! under nginx's upstream keep-alive (60 s), and nginx would send requests into connections
//! being closed. Each connection here has a watchdog instead, told by its reads and by its
//! requests' beginnings and ends.
//!
//! Upgraded connections (the WebSocket) leave hyper, and the watchdog, at the upgrade: the
//! socket's own ping and idle rules govern them. Graceful shutdown is axum's: stop accepting,
//! let each connection finish its request in flight, then return.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::HeaderMap;
use axum::http::{Request, Response};
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use ipnet::IpNet;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;
use tower_http::timeout::TimeoutBody;

use super::health;

/// The deadlines of a connection (`--header-timeout-secs`, `--body-timeout-secs`,
/// `--keep-alive-timeout-secs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// From a request's first byte (or the connection's opening) to the end of its headers.
    pub header: Duration,
    /// The longest a request body may go without a byte.
    pub body: Duration,
    /// The longest a connection may wait for its next request.
    pub idle: Duration,
}

/// How a connection is served: its deadlines, the proxies whose `X-Forwarded-For` names the
/// client (`--trusted-proxies`), and the Content-Security-Policy of the health probe's answer
/// (`health::probe`, answered before the router).
#[derive(Clone, Debug)]
pub struct Serving {
    pub timeouts: Timeouts,
    pub trusted_proxies: Arc<[IpNet]>,
    pub probe_policy: &'static str,
}

/// The client a request is from: the peer, or, when the peer is a trusted proxy, the right-most
/// address of `X-Forwarded-For` that is not a trusted proxy (the left part of the header is the
/// client's own to write, so it is never believed). A header that cannot be read leaves the
/// peer: a proxy that sends garbage is its own client.
pub fn client_of(peer: SocketAddr, headers: &HeaderMap, trusted: &[IpNet]) -> SocketAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|net| net.contains(&ip));
    if !is_trusted(peer.ip()) {
        return peer;
    }
    let mut hops = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        let Ok(value) = value.to_str() else {
            return peer;
        };
        hops.extend(value.split(','));
    }
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.trim().parse::<IpAddr>() else {
            return client;
        };
        client = SocketAddr::new(ip, peer.port());
        if !is_trusted(ip) {
            break;
        }
    }
    client
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets the requests in flight
/// finish and returns.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    serving: Serving,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    // Dropping `stop` tells every connection to finish; `done` is closed when all have.
    let (stop, stopping) = watch::channel(());
    let (done, finished) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    accept_failed(err).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        tokio::spawn(connection(
            stream,
            peer,
            router.clone(),
            serving.clone(),
            stopping.clone(),
            finished.clone(),
        ));
    }
    drop(listener);
    drop(stop);
    drop((stopping, finished));
    done.closed().await;
}

/// A failed accept: a connection that went before it was taken is nothing; anything else (out
/// of file descriptors, say) waits a second instead of spinning.
async fn accept_failed(err: io::Error) {
    if matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    ) {
        return;
    }
    tracing::error!(error = %err, "accepting a connection failed");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    serving: Serving,
    mut stopping: watch::Receiver<()>,
    _finished: watch::Receiver<()>,
) {
    let Serving {
        timeouts,
        trusted_proxies,
        probe_policy,
    } = serving;
    let watchdog = Watchdog::new();
    let io = TokioIo::new(Watched {
        stream,
        watchdog: watchdog.clone(),
    });
    let requests = watchdog.clone();
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let busy = requests.busy();
        // The health probe skips the router's layers (issue 45): no log line or metrics for a
        // load balancer's check every few seconds, the same body and security headers.
        let answer = (!health::is_probe(&request)).then(|| {
            let mut request = request.map(|body| Body::new(TimeoutBody::new(timeouts.body, body)));
            let client = client_of(peer, request.headers(), &trusted_proxies);
            request.extensions_mut().insert(ConnectInfo(client));
            router.clone().oneshot(request)
        });
        async move {
            let response = match answer {
                Some(answer) => {
                    let Ok(response) = answer.await;
                    response
                }
                None => health::probe(probe_policy),
            };
            Ok::<Response<Body>, Infallible>(response.map(|body| {
                Body::new(Released {
                    body,
                    busy: Some(busy),
                })
            }))
        }
    });
    let builder = Builder::new(TokioExecutor::new());
    let mut conn = pin!(builder.serve_connection_with_upgrades(io, service));
    let mut expired = pin!(watchdog.expired(timeouts));
    let mut stop_signalled = false;
    loop {
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(err) = result {
                    tracing::trace!(error = %err, "a connection ended with an error");
                }
                break;
            }
            // Closed without an answer: the client was too slow (headers, or a next request).
            () = &mut expired => break,
            _ = stopping.changed(), if !stop_signalled => {
                stop_signalled = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

/// What a connection is doing, for its deadlines. Times are milliseconds since `start`.
struct Watchdog {
    start: Instant,
    /// Requests being answered (HTTP/2 has several): no deadline but the body's meanwhile.
    in_flight: AtomicUsize,
    /// `WAITING` (for a request's first byte) or `READING` (its headers), and since when.
    phase: AtomicU64,
}

/// The phase's low bit; the rest is the time it began.
const WAITING: u64 = 0;
const READING: u64 = 1;

impl Watchdog {
    fn new() -> Arc<Self> {
        Arc::new(Self {
            start: Instant::now(),
            in_flight: AtomicUsize::new(0),
            // A new connection owes its headers at once.
            phase: AtomicU64::new(READING),
        })
    }

    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn set(&self, phase: u64) {
        self.phase.store(self.now() << 1 | phase, Ordering::Release);
    }

    /// Bytes came in: a waiting connection is now reading a request's headers.
    fn read_some(&self) {
        if self.in_flight.load(Ordering::Acquire) == 0
            && self.phase.load(Ordering::Acquire) & 1 == WAITING
        {
            self.set(READING);
        }
    }

    /// A request's headers arrived: it is being answered until the guard drops.
    fn busy(self: &Arc<Self>) -> Busy {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        Busy(self.clone())
    }

    /// Resolves when the connection has waited past its deadline.
    async fn expired(&self, timeouts: Timeouts) {
        loop {
            let wait = if self.in_flight.load(Ordering::Acquire) > 0 {
                // Busy: look again later (the body's own timeout watches a stalled upload).
                timeouts.header
            } else {
                let phase = self.phase.load(Ordering::Acquire);
                let limit = if phase & 1 == READING {
                    timeouts.header
                } else {
                    timeouts.idle
                };
                let due = (phase >> 1) + limit.as_millis() as u64;
                let now = self.now();
                if now >= due {
                    return;
                }
                Duration::from_millis(due - now)
            };
            tokio::time::sleep(wait).await;
        }
    }
}

/// A request in flight; dropped when its answer has been sent (or abandoned).
struct Busy(Arc<Watchdog>);

impl Drop for Busy {
    fn drop(&mut self) {
        // Waiting from now; set before the count falls, so the watchdog never sees an old time.
        self.0.set(WAITING);
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

pin_project_lite::pin_project! {
    /// A response body that ends its request's `Busy` when it has been sent.
    struct Released {
        #[pin]
        body: Body,
        busy: Option<Busy>,
    }
}

impl http_body::Body for Released {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        let this = self.project();
        let frame = this.body.poll_frame(cx);
        if matches!(frame, Poll::Ready(None)) {
            this.busy.take();
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

pin_project_lite::pin_project! {
    /// The connection's stream, telling its watchdog when bytes arrive.
    struct Watched {
        #[pin]
        stream: TcpStream,
        watchdog: Arc<Watchdog>,
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.project();
        let before = buf.filled().len();
        let read = this.stream.poll_read(cx, buf);
        if buf.filled().len() > before {
            this.watchdog.read_some();
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.project().stream.poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.project().stream.poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().stream.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().stream.poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(peer: &str, forwarded: &[&str], trusted: &[&str]) -> String {
        let mut headers = HeaderMap::new();
        for value in forwarded {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        let trusted: Vec<IpNet> = trusted.iter().map(|net| net.parse().unwrap()).collect();
        client_of(peer.parse().unwrap(), &headers, &trusted)
            .ip()
            .to_string()
    }

    #[test]
    fn a_peer_that_is_not_a_trusted_proxy_is_the_client_whatever_it_forwards() {
        assert_eq!(client("192.0.2.1:5000", &["203.0.113.9"], &[]), "192.0.2.1");
        assert_eq!(
            client("192.0.2.1:5000", &["203.0.113.9"], &["10.0.0.0/8"]),
            "192.0.2.1"
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_right_most_address_that_is_not_a_trusted_proxy() {
        let trusted = ["127.0.0.1/32", "10.0.0.0/8"];
        assert_eq!(
            client("127.0.0.1:1", &["198.51.100.1, 203.0.113.9"], &trusted),
            "203.0.113.9"
        );
        assert_eq!(
            client("127.0.0.1:1", &["203.0.113.9, 10.1.2.3"], &trusted),
            "203.0.113.9"
        );
        assert_eq!(
            client("127.0.0.1:1", &["198.51.100.1", "203.0.113.9"], &trusted),
            "203.0.113.9"
        );
        assert_eq!(
            client("127.0.0.1:1", &["2001:db8::7"], &trusted),
            "2001:db8::7"
        );
    }

    #[test]
    fn a_trusted_proxy_without_a_readable_header_is_its_own_client() {
        let trusted = ["127.0.0.1/32"];
        assert_eq!(client("127.0.0.1:1", &[], &trusted), "127.0.0.1");
        assert_eq!(
            client("127.0.0.1:1", &["not-an-address"], &trusted),
            "127.0.0.1"
        );
        assert_eq!(
            client("127.0.0.1:1", &["203.0.113.9, garbage"], &trusted),
            "127.0.0.1"
        );
    }
}
