//! The tests' stand-in for the web: a tiny HTTP server on 127.0.0.1, started once per process
//! (on its own thread, so it outlives each test's runtime). The server fetches a post's image
//! from a URL (`--fetch-allow-loopback` is on in `spawn_app`), so tests post `image_url(…)`
//! and never reach the internet.
//!
//! - `/redirect-to/{host}/{path}`: 302 to `http://{host}/{path}`
//! - `/text/…`: a text body, not an image
//! - `/big/…`: a PNG signature then 11 MiB, no Content-Length (read until it is too big)
//! - anything else: a small PNG

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::LazyLock;

/// The PNG every other path answers: 8 × 6 px.
pub static PNG: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let image = image::RgbImage::from_pixel(8, 6, image::Rgb([200, 120, 40]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
});

static ADDRESS: LazyLock<String> = LazyLock::new(|| {
    let listener = TcpListener::bind("127.0.0.1:0").expect("image server port");
    let address = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || serve(stream));
        }
    });
    address
});

/// A URL on the local image server: `image_url("work.jpg")` answers a PNG.
pub fn image_url(path: &str) -> String {
    format!("{}/{}", *ADDRESS, path.trim_start_matches('/'))
}

fn serve(mut stream: TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) if line == "\r\n" => break,
            Ok(_) => {}
        }
    }
    let path = request_line.split(' ').nth(1).unwrap_or("/").to_owned();
    let _ = if let Some(target) = path.strip_prefix("/redirect-to/") {
        write!(
            stream,
            "HTTP/1.1 302 Found\r\nLocation: http://{target}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )
    } else if path.starts_with("/text/") {
        let body = "<html>not an image</html>";
        write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    } else if path.starts_with("/big/") {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n\r\n";
        let mut body = PNG[..8].to_vec();
        body.resize(11 * 1024 * 1024, 0);
        stream
            .write_all(head.as_bytes())
            .and_then(|()| stream.write_all(&body))
    } else {
        write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            PNG.len()
        )
        .and_then(|()| stream.write_all(&PNG))
    };
}
