//! `ptg serve` as a process of its own on a free loopback port, and requests to it over TCP
//! (`tests/serve/limits.rs`, `tests/serve/stop.rs`).

use super::super::common::Ptg;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

/// `ptg serve` on a free port, stopped when dropped.
pub struct Serving {
    pub child: Child,
    pub addr: String,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn serve(p: &Ptg, args: &[&str]) -> Serving {
    serve_with(p, args, &[])
}

/// [`serve`] with the environment variables `env` set for the server alone.
pub fn serve_with(p: &Ptg, args: &[&str], env: &[(&str, &str)]) -> Serving {
    let mut child = p
        .process(&[&["serve", "--listen", "127.0.0.1:0"][..], args].concat())
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ptg serve starts");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let said = lines.next().expect("ptg serve says where it listens").unwrap();
    // What it says later is read too (and dropped): a closed pipe would fail its next line.
    std::thread::spawn(move || lines.for_each(drop));
    let addr = said
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("no address in {said:?}"))
        .to_string();
    Serving { child, addr }
}

/// A whole GET of `path`: the status line of its answer.
pub fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // A connection refused over its address's cap may be closed before the request is sent.
    let _ = write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer.lines().next().unwrap_or_default().to_string()
}

/// A connection to `addr` from the loopback address `from` (`127.0.0.2`, ...: Linux routes all
/// of 127/8 to the loopback), so that one test plays several machines.
pub fn connect_from(from: &str, addr: &str) -> std::io::Result<TcpStream> {
    let from: std::net::SocketAddr = format!("{from}:0").parse().expect("a loopback address");
    let to: std::net::SocketAddr = addr.parse().expect("the server's address");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()?;
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind(from)?;
        socket.connect(to).await
    })?;
    let stream = stream.into_std()?;
    stream.set_nonblocking(false)?;
    Ok(stream)
}

/// [`get`] from the loopback address `from`.
pub fn get_from(from: &str, addr: &str, path: &str) -> String {
    let mut s = connect_from(from, addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // A connection refused over its address's cap may be closed before the request is sent.
    let _ = write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer.lines().next().unwrap_or_default().to_string()
}
