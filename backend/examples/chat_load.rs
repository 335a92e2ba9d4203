//! The chat load generator of `make bench` (scripts/bench.sh). It opens `--sockets` WebSockets
//! (one per user, the first users of `--sessions`, each with its `atelier_session` cookie),
//! keeps reading all of them, and reads the server's VmRSS before and after to give the
//! server's memory per idle socket. Then it POSTs `--rate` messages a second for
//! `--warmup-seconds` and then `--seconds`, each in a conversation whose other person has a
//! socket open, its content stamped with a sequence number, and times each (after the warm-up)
//! from the moment its POST is sent to its `newMessage` on the recipient's socket. Open loop: a
//! send never waits for an earlier one. Over the measured part it also reads the CPU time of
//! the server processes and how busy the whole machine was.
//!
//! Sessions come from `atelier seed --synthetic --sessions-out FILE`. With two instances,
//! `--api` is the one messages are posted to and `--ws` the one holding the sockets, so the
//! delivery crosses Redis. Sockets to a loopback server leave from 127.0.0.2, and past
//! `--sockets-per-source` from the next 127.0.0.x address (an address has ~28k ephemeral
//! ports); 127.0.0.1 is left to the HTTP requests.
//!
//! Prints a summary on stderr and one JSON object on stdout:
//! `cargo run --release --example chat_load -- --sessions FILE --sockets 1000 --server-pid PID`

use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Parser;
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::json;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[derive(Debug, Parser)]
#[command(about = "Chat load: idle sockets' memory, then message delivery latency")]
struct Args {
    /// `user_id<TAB>token` lines (`atelier seed --synthetic --sessions-out FILE`).
    #[arg(long)]
    sessions: PathBuf,
    /// Sockets to open: one for each of N users of the sessions file, from --skip-sessions on.
    #[arg(long, default_value_t = 1_000)]
    sockets: usize,
    /// Sessions of the file passed over before the first socket's: several generators (each
    /// process may hold 20,000 descriptors here) share one file, each with its own users.
    #[arg(long, default_value_t = 0)]
    skip_sessions: usize,
    /// The instance messages are POSTed to.
    #[arg(long, default_value = "http://127.0.0.1:18080")]
    api: String,
    /// The instance the sockets connect to (ws://…/ws); by default the --api instance.
    #[arg(long)]
    ws: Option<String>,
    /// Server processes: the first holds the sockets (its VmRSS is read); the CPU time of all
    /// of them is read over the measured sending (repeat the flag for two instances).
    #[arg(long)]
    server_pid: Vec<u32>,
    /// Messages per second.
    #[arg(long, default_value_t = 1_000)]
    rate: u32,
    /// How long to send, in seconds, after the warm-up.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Seconds of sending at the same rate before the measured part (new connections, statement
    /// caches); their messages count as sent and must arrive, but their times are not kept.
    #[arg(long, default_value_t = 2)]
    warmup_seconds: u64,
    /// Users whose conversation lists are read to find (sender, recipient) pairs.
    #[arg(long, default_value_t = 500)]
    senders: usize,
    /// Sockets from one 127.0.0.x source address before moving to the next (a third of the
    /// 28,232 ephemeral ports, so a bind finds a free one at once).
    #[arg(long, default_value_t = 10_000)]
    sockets_per_source: usize,
    /// Handshakes in flight at once while connecting.
    #[arg(long, default_value_t = 64)]
    connect_concurrency: usize,
    /// Seconds between the last socket opening and the second memory reading.
    #[arg(long, default_value_t = 2)]
    settle_seconds: u64,
    /// Seconds to wait for messages still on their way after the last POST answered.
    #[arg(long, default_value_t = 5)]
    drain_seconds: u64,
}

/// A message on its way: when its POST was sent and who should receive it.
struct InFlight {
    sent: Instant,
    recipient: i64,
}

/// What the socket readers and the senders share.
#[derive(Default)]
struct Tally {
    /// Messages numbered below this are the warm-up's: delivered, not timed.
    timed_from: u64,
    in_flight: Mutex<HashMap<u64, InFlight>>,
    /// POST → receipt, microseconds.
    delivery_us: Mutex<Vec<u64>>,
    /// POST → 201, microseconds.
    post_us: Mutex<Vec<u64>>,
    sent: AtomicU64,
    /// Messages that reached their recipient, the warm-up's included.
    received: AtomicU64,
    errors: AtomicU64,
    /// Sockets that closed or failed after opening.
    dropped: AtomicU64,
    /// Other frames (presence, the sender's own copies, pings are not counted).
    other_frames: AtomicU64,
}

#[derive(Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    message: Option<FrameMessage>,
}

#[derive(Deserialize)]
struct FrameMessage {
    content: String,
    sender: FrameSender,
}

#[derive(Deserialize)]
struct FrameSender {
    id: i64,
}

impl Tally {
    /// A text frame on `user`'s socket: a stamped message meant for them ends its flight.
    fn on_frame(&self, user: i64, text: &str) {
        let received = Instant::now();
        let stamped = serde_json::from_str::<Frame>(text)
            .ok()
            .filter(|frame| frame.kind == "newMessage")
            .and_then(|frame| frame.message)
            .filter(|message| message.sender.id != user)
            .and_then(|message| message.content.strip_prefix("load ")?.parse::<u64>().ok());
        let Some(seq) = stamped else {
            self.other_frames.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut in_flight = self.in_flight.lock().unwrap();
        if in_flight.get(&seq).is_some_and(|f| f.recipient == user) {
            let flight = in_flight.remove(&seq).unwrap();
            drop(in_flight);
            self.received.fetch_add(1, Ordering::Relaxed);
            if seq >= self.timed_from {
                let us = received.duration_since(flight.sent).as_micros() as u64;
                self.delivery_us.lock().unwrap().push(us);
            }
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let sessions = read_sessions(&args.sessions)?;
    anyhow::ensure!(
        sessions.len() >= args.skip_sessions + args.sockets,
        "{} sessions in {}, {} sockets asked for after {}",
        sessions.len(),
        args.sessions.display(),
        args.sockets,
        args.skip_sessions
    );
    let api = args.api.trim_end_matches('/').to_owned();
    let ws = match &args.ws {
        Some(ws) => ws.clone(),
        None => format!("{}/ws", api.replacen("http", "ws", 1)),
    };
    let ws_url = url::Url::parse(&ws).context("--ws")?;
    let server = tokio::net::lookup_host((
        ws_url.host_str().context("--ws has no host")?,
        ws_url.port_or_known_default().unwrap_or(80),
    ))
    .await?
    .next()
    .context("--ws does not resolve")?;
    let tally = Arc::new(Tally {
        timed_from: u64::from(args.rate) * args.warmup_seconds,
        ..Tally::default()
    });
    let holder = args.server_pid.first().copied();
    let connected: Vec<(i64, String)> = sessions[args.skip_sessions..][..args.sockets].to_vec();

    // Idle sockets and what they cost the server.
    let rss_before = holder.map(vm_rss).transpose()?;
    let anon_before = holder
        .map(|pid| status_bytes(pid, "RssAnon:"))
        .transpose()?;
    let started = Instant::now();
    let mut opening = futures_util::stream::iter(connected.iter().enumerate())
        .map(|(i, (user, token))| {
            let source = server
                .ip()
                .is_loopback()
                // Numbered across generators by session, so that two never share an address.
                .then(|| source_address(args.skip_sessions + i, args.sockets_per_source))
                .flatten();
            let ws = ws.clone();
            async move { (*user, connect(&ws, server, source, token).await) }
        })
        .buffer_unordered(args.connect_concurrency.max(1));
    let mut open = 0usize;
    let mut failed = 0usize;
    while let Some((user, socket)) = opening.next().await {
        match socket {
            Ok(socket) => {
                open += 1;
                tokio::spawn(read_socket(user, socket, tally.clone()));
            }
            Err(err) => {
                if failed == 0 {
                    eprintln!("a socket failed to open: {err:#}");
                }
                failed += 1;
            }
        }
    }
    let connect_seconds = started.elapsed().as_secs_f64();
    eprintln!("{open} sockets open ({failed} failed) in {connect_seconds:.1} s");
    tokio::time::sleep(Duration::from_secs(args.settle_seconds)).await;
    let rss_after = holder.map(vm_rss).transpose()?;
    let anon_after = holder
        .map(|pid| status_bytes(pid, "RssAnon:"))
        .transpose()?;
    let growth = |before: Option<u64>, after: Option<u64>| match (before, after) {
        (Some(before), Some(after)) if open > 0 => {
            Some((after as f64 - before as f64) / open as f64)
        }
        _ => None,
    };
    let per_socket = growth(rss_before, rss_after);
    let anon_per_socket = growth(anon_before, anon_after);
    if let (Some(before), Some(after), Some(per), Some(anon)) =
        (rss_before, rss_after, per_socket, anon_per_socket)
    {
        eprintln!(
            "server VmRSS {:.1} MiB -> {:.1} MiB: {:.0} bytes per idle socket ({:.0} of them \
             anonymous memory, the rest mapped files)",
            before as f64 / 1048576.0,
            after as f64 / 1048576.0,
            per,
            anon
        );
    }

    // Who sends to whom: conversations whose other person has a socket open.
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()?;
    let online: HashSet<i64> = connected.iter().map(|(user, _)| *user).collect();
    let pairs = find_pairs(&client, &api, &connected, &online, args.senders).await?;
    anyhow::ensure!(!pairs.is_empty(), "no conversation has a recipient online");
    eprintln!("{} conversations to send in", pairs.len());

    // Messages at a steady rate; the CPU read over the measured part.
    let total = u64::from(args.rate) * (args.warmup_seconds + args.seconds);
    let mut cpu_start = None;
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let mut posts = tokio::task::JoinSet::new();
    let sending = Instant::now();
    for seq in 0..total {
        let due = Duration::from_secs_f64(seq as f64 / f64::from(args.rate.max(1)));
        tokio::time::sleep_until((sending + due).into()).await;
        if seq == tally.timed_from {
            cpu_start = Some(cpu_now(&args.server_pid)?);
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let pair = pairs[(rng % pairs.len() as u64) as usize].clone();
        posts.spawn(post(client.clone(), api.clone(), pair, seq, tally.clone()));
        while posts.try_join_next().is_some() {}
    }
    let cpu = cpu_start
        .map(|start| anyhow::Ok(cpu_now(&args.server_pid)?.since(&start)))
        .transpose()?;
    while posts.join_next().await.is_some() {}
    let send_seconds = sending.elapsed().as_secs_f64();
    let deadline = Instant::now() + Duration::from_secs(args.drain_seconds);
    while Instant::now() < deadline && !tally.in_flight.lock().unwrap().is_empty() {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let sent = tally.sent.load(Ordering::Relaxed);
    let errors = tally.errors.load(Ordering::Relaxed);
    let lost = tally.in_flight.lock().unwrap().len() as u64;
    let mut delivery = std::mem::take(&mut *tally.delivery_us.lock().unwrap());
    let mut post_times = std::mem::take(&mut *tally.post_us.lock().unwrap());
    let received = tally.received.load(Ordering::Relaxed);
    let rss_end = holder.map(vm_rss).transpose()?;
    let summary = json!({
        "sockets": open,
        "socketsFailed": failed,
        "socketsDropped": tally.dropped.load(Ordering::Relaxed),
        "connectSeconds": round(connect_seconds),
        "rssBeforeBytes": rss_before,
        "rssIdleBytes": rss_after,
        "rssEndBytes": rss_end,
        "bytesPerIdleSocket": per_socket.map(f64::round),
        "anonBytesPerIdleSocket": anon_per_socket.map(f64::round),
        "rate": args.rate,
        "sent": sent,
        "received": received,
        "timed": delivery.len(),
        "lost": lost,
        "errors": errors,
        "sentPerSecond": round(sent as f64 / send_seconds),
        "deliveryP50Ms": percentile_ms(&mut delivery, 50.0),
        "deliveryP99Ms": percentile_ms(&mut delivery, 99.0),
        "deliveryMaxMs": percentile_ms(&mut delivery, 100.0),
        "postP50Ms": percentile_ms(&mut post_times, 50.0),
        "postP99Ms": percentile_ms(&mut post_times, 99.0),
        // Beside `deliveryMaxMs`: a slowest message whose POST took as long was held up before
        // the server answered it (its connection, or the server), not on its way to the socket.
        "postMaxMs": percentile_ms(&mut post_times, 100.0),
        "serverCpuPercent": cpu.map(|c| round(c.0)),
        "machineBusyPercent": cpu.map(|c| round(c.1)),
        // The servers' CPU time over the measured part divided by the messages POSTed in it
        // (issue 45: recorded per commit by make bench).
        "serverCpuMicrosPerMessage": cpu.map(|c| {
            round(c.2 * 1e6 / (total - tally.timed_from).max(1) as f64)
        }),
    });
    eprintln!(
        "sent {sent} ({:.0}/s), received {received}, lost {lost}, errors {errors}; \
         delivery p50 {} ms, p99 {} ms, max {} ms; server CPU {}%, machine busy {}% of its cores",
        sent as f64 / send_seconds,
        summary["deliveryP50Ms"],
        summary["deliveryP99Ms"],
        summary["deliveryMaxMs"],
        summary["serverCpuPercent"],
        summary["machineBusyPercent"]
    );
    println!("{summary}");
    // The sockets close with the process.
    std::process::exit(0);
}

fn read_sessions(path: &PathBuf) -> anyhow::Result<Vec<(i64, String)>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (id, token) = line
                .split_once('\t')
                .with_context(|| format!("not user_id<TAB>token: {line:?}"))?;
            Ok((id.parse()?, token.to_owned()))
        })
        .collect()
}

/// The source of the `i`-th session's socket: 127.0.0.2 for the first `per_source`, then 127.0.0.3, …
/// 127.0.0.1 is left to the API's requests (the POSTs): a connect from an address whose ports
/// toward the same server are mostly taken searches them one by one in the kernel
/// (`__inet_check_established`), and with 16,667 sockets from 127.0.0.1 that search was 80 % of
/// a generator's CPU and stalled its POSTs for seconds (docs/benchmarks.md, 2026-12-02).
fn source_address(i: usize, per_source: usize) -> Option<IpAddr> {
    let n = 2 + i / per_source.max(1);
    Some(IpAddr::V4(Ipv4Addr::new(
        127,
        0,
        (n / 256) as u8,
        (n % 256) as u8,
    )))
}

async fn connect(
    ws: &str,
    server: SocketAddr,
    source: Option<IpAddr>,
    token: &str,
) -> anyhow::Result<WebSocketStream<TcpStream>> {
    let socket = if server.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    // Unbound, connect picks a port unique for the pair of addresses and may reuse one still in
    // TIME_WAIT from an earlier run. An explicit bind picks its port alone, and without
    // SO_REUSEADDR skips every TIME_WAIT port: after one run of 10,000 sockets, the next run's
    // binds searched the port range one socket at a time (36 s to open 10,000).
    if let Some(source) = source {
        socket.set_reuseaddr(true)?;
        socket.bind(SocketAddr::new(source, 0))?;
    }
    let stream = socket.connect(server).await?;
    stream.set_nodelay(true)?;
    let mut request = ws.into_client_request()?;
    request.headers_mut().insert(
        "cookie",
        HeaderValue::from_str(&format!("atelier_session={token}"))?,
    );
    // Small buffers: ten thousand sockets at tungstenite's default 128 KiB would be 1.3 GB.
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0);
    let (socket, _) =
        tokio_tungstenite::client_async_with_config(request, stream, Some(config)).await?;
    Ok(socket)
}

/// Reads one socket until it ends (reading also answers the server's pings).
async fn read_socket(user: i64, mut socket: WebSocketStream<TcpStream>, tally: Arc<Tally>) {
    while let Some(frame) = socket.next().await {
        match frame {
            Ok(Message::Text(text)) => tally.on_frame(user, &text),
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(_) => {}
        }
    }
    tally.dropped.fetch_add(1, Ordering::Relaxed);
}

/// A conversation to send in: its id, the sender's id and cookie, the recipient.
#[derive(Clone)]
struct Pair {
    conversation: i64,
    cookie: Arc<str>,
    recipient: i64,
}

#[derive(Deserialize)]
struct Conversation {
    id: i64,
    participants: Vec<Participant>,
}

#[derive(Deserialize)]
struct Participant {
    user: ParticipantUser,
}

#[derive(Deserialize)]
struct ParticipantUser {
    id: i64,
}

/// Reads the conversation lists of up to `senders` users spread over the connected ones and
/// keeps the conversations whose other person is online.
async fn find_pairs(
    client: &reqwest::Client,
    api: &str,
    connected: &[(i64, String)],
    online: &HashSet<i64>,
    senders: usize,
) -> anyhow::Result<Vec<Pair>> {
    let step = (connected.len() / senders.max(1)).max(1);
    let lists = futures_util::stream::iter(connected.iter().step_by(step).take(senders))
        .map(|(user, token)| async move {
            let cookie: Arc<str> = format!("atelier_session={token}").into();
            let list: Vec<Conversation> = client
                .get(format!("{api}/api/conversations?limit=100"))
                .header("cookie", &*cookie)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?;
            anyhow::Ok((*user, cookie, list))
        })
        .buffered(16)
        .collect::<Vec<_>>()
        .await;
    let mut pairs = Vec::new();
    for listed in lists {
        let (sender, cookie, list) = listed?;
        for conversation in list {
            let recipient = conversation
                .participants
                .iter()
                .map(|p| p.user.id)
                .find(|id| *id != sender);
            if let Some(recipient) = recipient.filter(|id| online.contains(id)) {
                pairs.push(Pair {
                    conversation: conversation.id,
                    cookie: cookie.clone(),
                    recipient,
                });
            }
        }
    }
    Ok(pairs)
}

/// Sends message `seq` in `pair`'s conversation and notes it in flight.
async fn post(client: reqwest::Client, api: String, pair: Pair, seq: u64, tally: Arc<Tally>) {
    let sent = Instant::now();
    tally.in_flight.lock().unwrap().insert(
        seq,
        InFlight {
            sent,
            recipient: pair.recipient,
        },
    );
    let answer = client
        .post(format!(
            "{api}/api/conversations/{}/messages",
            pair.conversation
        ))
        .header("cookie", &*pair.cookie)
        .json(&json!({ "content": format!("load {seq}") }))
        .send()
        .await;
    match answer {
        Ok(answer) if answer.status() == reqwest::StatusCode::CREATED => {
            tally.sent.fetch_add(1, Ordering::Relaxed);
            if seq >= tally.timed_from {
                let us = sent.elapsed().as_micros() as u64;
                tally.post_us.lock().unwrap().push(us);
            }
        }
        other => {
            if tally.errors.fetch_add(1, Ordering::Relaxed) == 0 {
                match other {
                    Ok(answer) => eprintln!("a POST answered {}", answer.status()),
                    Err(err) => eprintln!("a POST failed: {err}"),
                }
            }
            tally.in_flight.lock().unwrap().remove(&seq);
        }
    }
}

/// CPU time read at one moment: the servers' (user + system ticks), the machine's busy and
/// total ticks (all cores, /proc/stat), and when.
struct CpuReading {
    servers: u64,
    busy: u64,
    total: u64,
    at: Instant,
}

impl CpuReading {
    /// Since `start`: the servers' CPU as a percentage of one core, the machine's busy share
    /// of all its cores, and the servers' CPU seconds.
    fn since(&self, start: &CpuReading) -> (f64, f64, f64) {
        let ticks_per_second = 100.0; // USER_HZ on Linux
        let seconds = self.at.duration_since(start.at).as_secs_f64().max(1e-9);
        let cpu_seconds = (self.servers - start.servers) as f64 / ticks_per_second;
        let busy = (self.busy - start.busy) as f64 / (self.total - start.total).max(1) as f64;
        (100.0 * cpu_seconds / seconds, 100.0 * busy, cpu_seconds)
    }
}

fn cpu_now(pids: &[u32]) -> anyhow::Result<CpuReading> {
    let mut servers = 0;
    for pid in pids {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
        // After the command name in parentheses: state is field 3, utime 14, stime 15.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .context("a /proc stat line")?
            .1
            .split_whitespace()
            .collect();
        servers += fields[11].parse::<u64>()? + fields[12].parse::<u64>()?;
    }
    let stat = std::fs::read_to_string("/proc/stat")?;
    let cpu: Vec<u64> = stat
        .lines()
        .next()
        .context("/proc/stat")?
        .split_whitespace()
        .skip(1)
        .filter_map(|n| n.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal
    let idle = cpu[3] + cpu.get(4).copied().unwrap_or(0);
    let total: u64 = cpu.iter().take(8).sum();
    Ok(CpuReading {
        servers,
        busy: total - idle,
        total,
        at: Instant::now(),
    })
}

/// The server's resident memory, bytes (VmRSS of /proc/PID/status).
fn vm_rss(pid: u32) -> anyhow::Result<u64> {
    status_bytes(pid, "VmRSS:")
}

/// One `kB` line of /proc/PID/status, in bytes: `VmRSS:` is `RssAnon:` (the process's own
/// memory) plus `RssFile:` (mapped files: the binary, and on SQLite the database's pages read
/// through its mapping, which are the kernel's page cache) plus `RssShmem:`.
fn status_bytes(pid: u32, field: &str) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .with_context(|| format!("reading /proc/{pid}/status"))?;
    let kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .with_context(|| format!("no {field} line"))?;
    Ok(kib * 1024)
}

/// The `p`-th percentile (nearest rank) of microsecond samples, in milliseconds.
fn percentile_ms(samples: &mut [u64], p: f64) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    samples.sort_unstable();
    let rank = ((p / 100.0 * samples.len() as f64).ceil() as usize).clamp(1, samples.len());
    Some(round(samples[rank - 1] as f64 / 1000.0))
}

fn round(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}
