//! One chat message's path, over and over, for scripts/bench-instructions.sh (issue 45): the
//! recipient's WebSocket opens, then `--count` messages are POSTed one after another in their
//! conversation by the sender, each only once the one before reached the recipient's socket as
//! `newMessage`. The server under callgrind is counted around two runs of this (N1 and N2
//! messages): the difference over N2 − N1 is one message POSTed and delivered to one open socket,
//! whatever the socket's opening costs.
//!
//! `cargo run --example chat_probe -- --api http://127.0.0.1:PORT --conversation ID
//!  --sender TOKEN --recipient TOKEN --count 10`

use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

#[derive(Debug, Parser)]
struct Args {
    /// The server, `http://HOST:PORT`.
    #[arg(long)]
    api: String,
    /// The conversation the two are in.
    #[arg(long)]
    conversation: i64,
    /// The sender's `atelier_session` token.
    #[arg(long)]
    sender: String,
    /// The recipient's `atelier_session` token (the socket's).
    #[arg(long)]
    recipient: String,
    /// Messages to send, each after the last was delivered.
    #[arg(long)]
    count: u32,
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let ws_url = format!("{}/ws", args.api.replacen("http", "ws", 1));
    let mut request = ws_url.into_client_request()?;
    let cookie = HeaderValue::from_str(&format!("atelier_session={}", args.recipient))?;
    request.headers_mut().insert("cookie", cookie);
    request
        .headers_mut()
        .insert("origin", HeaderValue::from_str(&args.api)?);
    let (mut socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .context("opening the recipient's socket")?;

    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()?;
    let url = format!(
        "{}/api/conversations/{}/messages",
        args.api, args.conversation
    );
    let sender_cookie = format!("atelier_session={}", args.sender);
    for seq in 0..args.count {
        let content = format!("probe {seq}");
        let answer = client
            .post(&url)
            .header("cookie", &sender_cookie)
            .header("origin", &args.api)
            .json(&json!({ "content": content }))
            .send()
            .await?;
        anyhow::ensure!(
            answer.status() == reqwest::StatusCode::CREATED,
            "the POST answered {}",
            answer.status()
        );
        // Its `newMessage` on the recipient's socket (presence and other frames pass by).
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(60), socket.next())
                .await
                .context("no newMessage within 60 s")?
                .context("the socket closed")??;
            let Message::Text(text) = frame else { continue };
            let frame: Value = serde_json::from_str(&text)?;
            if frame["type"] == "newMessage" && frame["message"]["content"] == content.as_str() {
                break;
            }
        }
    }
    socket.close(None).await.ok();
    Ok(())
}
