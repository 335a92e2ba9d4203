//! The limit for `make bench`'s instruction counts (issue 45): axum answering, for each path, the
//! very bytes Atelier answered there (captured by scripts/bench-instructions.sh), with no
//! database, no session, no middleware and no serialisation. What Atelier spends per request
//! above this is its own work. Usage: `limit MANIFEST [ADDRESS]` (default 127.0.0.1:18082); the
//! manifest has one line per answer, `path-and-query<TAB>content-type<TAB>body file`.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

type Answers = Arc<HashMap<String, (HeaderValue, Bytes)>>;

async fn answer(State(answers): State<Answers>, uri: Uri) -> Response {
    let key = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    match answers.get(key) {
        Some((content_type, body)) => {
            ([(header::CONTENT_TYPE, content_type.clone())], body.clone()).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let manifest = args.get(1).expect("usage: limit MANIFEST [ADDRESS]");
    let address = args.get(2).map_or("127.0.0.1:18082", String::as_str);
    let mut answers = HashMap::new();
    for line in std::fs::read_to_string(manifest)?.lines() {
        let mut fields = line.split('\t');
        let (Some(path), Some(content_type), Some(file)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let content_type = HeaderValue::from_str(content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream"));
        answers.insert(
            path.to_owned(),
            (content_type, Bytes::from(std::fs::read(file)?)),
        );
    }
    let app = Router::new().fallback(answer).with_state(Arc::new(answers));
    let listener = tokio::net::TcpListener::bind(address).await?;
    axum::serve(listener, app).await
}
