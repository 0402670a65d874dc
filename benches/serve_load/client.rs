//! The load generator's side of `benches/serve_load.rs`: an HTTP/1.1 client that keeps its
//! connection open between requests (as a browser does), and the tally of one kind of request.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// One kept-alive connection to the server; opened again after an error or a close.
pub struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    /// One request: the status and the body. The connection is kept for the next one unless
    /// the server closes it.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> std::io::Result<(u16, String)> {
        let answer = self.exchange(method, path, token, body.unwrap_or(""));
        if answer.is_err() {
            self.conn = None;
        }
        answer
    }

    fn exchange(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> std::io::Result<(u16, String)> {
        let addr = self.addr;
        if self.conn.is_none() {
            let s = TcpStream::connect(addr)?;
            s.set_nodelay(true)?;
            s.set_read_timeout(Some(Duration::from_secs(120)))?;
            self.conn = Some(BufReader::new(s));
        }
        let conn = self.conn.as_mut().expect("a connection");
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\n");
        if let Some(t) = token {
            head.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        if !body.is_empty() {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        head.push_str("\r\n");
        head.push_str(body);
        conn.get_mut().write_all(head.as_bytes())?;
        let mut line = String::new();
        conn.read_line(&mut line)?;
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| broken(format!("no status line: {line:?}")))?;
        let (mut length, mut chunked, mut close) = (None, false, false);
        loop {
            line.clear();
            if conn.read_line(&mut line)? == 0 {
                return Err(broken("closed within the headers".into()));
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let Some((name, value)) = header.split_once(':') else {
                continue;
            };
            let value = value.trim().to_ascii_lowercase();
            match name.trim().to_ascii_lowercase().as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "transfer-encoding" => chunked = value.contains("chunked"),
                "connection" => close = value == "close",
                _ => {}
            }
        }
        let mut bytes = Vec::new();
        if chunked {
            loop {
                line.clear();
                conn.read_line(&mut line)?;
                let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16)
                    .map_err(|_| broken(format!("bad chunk size {line:?}")))?;
                let start = bytes.len();
                bytes.resize(start + size, 0);
                conn.read_exact(&mut bytes[start..])?;
                line.clear();
                conn.read_line(&mut line)?;
                if size == 0 {
                    break;
                }
            }
        } else if let Some(n) = length {
            bytes.resize(n, 0);
            conn.read_exact(&mut bytes)?;
        } else {
            conn.read_to_end(&mut bytes)?;
            close = true;
        }
        if close {
            self.conn = None;
        }
        Ok((status, String::from_utf8_lossy(&bytes).into_owned()))
    }
}

fn broken(why: String) -> std::io::Error {
    std::io::Error::other(why)
}

/// Latencies of one kind of request, and its errors.
#[derive(Default)]
pub struct Tally {
    pub times: Vec<Duration>,
    pub errors: Vec<String>,
}

impl Tally {
    /// Every tally of `parts` in one, its times sorted.
    pub fn gather(parts: impl IntoIterator<Item = Tally>) -> Tally {
        let mut all = Tally::default();
        for t in parts {
            all.times.extend(t.times);
            all.errors.extend(t.errors);
        }
        all.times.sort();
        all
    }

    /// The `p` quantile (0..=1) of the sorted times.
    pub fn pct(&self, p: f64) -> Duration {
        let sorted = &self.times;
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
    }

    pub fn max(&self) -> Duration {
        self.times.last().copied().unwrap_or_default()
    }
}
