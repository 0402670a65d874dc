//! Where people reach the server, and whom it believes about a request (issue 39). Behind a
//! proxy (Caddy, nginx), the address a phone opens is not the one `ptg serve` listens on, and a
//! request's `Host` is whatever its sender typed: so every link the server builds (invite,
//! join and set-up links) starts with one base URL fixed at start (`--base-url`, else the
//! listening address), never with a request's `Host`. And what a proxy says about a request
//! (`X-Forwarded-For`, `-Proto`, `-Host`, `Forwarded`) is believed only from a proxy named with
//! `--trusted-proxy`: from anyone else those headers are removed at the edge, so no handler
//! (the session cookie's `Secure` flag, the request log's client address) can be lied to.

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, Uri};
use axum::middleware::Next;
use axum::response::Response;
use ipnet::IpNet;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The start of every link the server builds: `http(s)://HOST[:PORT]`, no path, no trailing `/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl(String);

impl BaseUrl {
    /// `typed` as a base URL, or what is wrong with it (for `--base-url`'s usage error).
    pub fn parse(typed: &str) -> Result<BaseUrl, String> {
        let typed = typed.trim();
        let uri: Uri = typed.parse().map_err(|_| {
            format!("'{typed}' is not a URL; give the address people open, e.g. https://league.example.org")
        })?;
        let scheme = match uri.scheme_str().map(str::to_ascii_lowercase).as_deref() {
            Some(s @ ("http" | "https")) => s.to_string(),
            _ => return Err(format!("'{typed}' does not start with https:// or http://")),
        };
        let Some(authority) = uri.authority() else {
            return Err(format!(
                "'{typed}' names no host; e.g. https://league.example.org"
            ));
        };
        if authority.as_str().contains('@') || authority.host().is_empty() {
            return Err(format!(
                "'{typed}' must name a host only, without a user or password"
            ));
        }
        if uri.query().is_some() || !matches!(uri.path(), "" | "/") {
            return Err(format!(
                "'{typed}' has a path or query: ptg serves at the root of its address, so give it \
                 a (sub)domain or port of its own, e.g. https://league.example.org"
            ));
        }
        Ok(BaseUrl(format!(
            "{scheme}://{}",
            authority.as_str().to_ascii_lowercase()
        )))
    }

    /// The base URL of a server listening on `addr` with no `--base-url`: `http://IP:PORT`. For an
    /// address of every interface (`0.0.0.0`, `::`), this machine's address on its network (the
    /// one its traffic leaves from), so the links work from the club's phones; `127.0.0.1` when
    /// there is none.
    pub fn of_listen(addr: SocketAddr) -> BaseUrl {
        let ip = match addr.ip() {
            ip if ip.is_unspecified() => outward(ip).unwrap_or(IpAddr::from([127, 0, 0, 1])),
            ip => ip,
        };
        BaseUrl(format!("http://{}", SocketAddr::new(ip, addr.port())))
    }

    /// The link to `path` (which starts with `/`).
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.0)
    }
}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The address this machine's traffic to the wider network would leave from (IPv4 or IPv6, as
/// `like`). A UDP socket's `connect` only picks the route: no packet is sent.
fn outward(like: IpAddr) -> Option<IpAddr> {
    let (local, remote): (SocketAddr, SocketAddr) = match like {
        // Documentation addresses (RFC 5737, RFC 3849): never anyone's host.
        IpAddr::V4(_) => (([0, 0, 0, 0], 0).into(), ([192, 0, 2, 1], 9).into()),
        IpAddr::V6(_) => (
            (std::net::Ipv6Addr::UNSPECIFIED, 0).into(),
            ("2001:db8::1".parse::<IpAddr>().ok()?, 9).into(),
        ),
    };
    let socket = std::net::UdpSocket::bind(local).ok()?;
    socket.connect(remote).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

/// One `--trusted-proxy`: an address (`127.0.0.1`, `::1`) or a range (`10.0.0.0/8`).
pub fn parse_proxy(typed: &str) -> Result<IpNet, String> {
    let typed = typed.trim();
    typed
        .parse::<IpNet>()
        .or_else(|_| typed.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| format!("'{typed}' is not an IP address or range; e.g. 127.0.0.1 or 10.0.0.0/8"))
}

/// How the server is reached and whom it believes: fixed at start.
#[derive(Debug, Clone, Default)]
pub struct Public {
    /// The start of every link (`--base-url`); `None` until `serve` knows the address it
    /// listens on (a server driven without a socket, in tests: `http://127.0.0.1:8080`).
    pub base: Option<BaseUrl>,
    /// The proxies whose `X-Forwarded-*` headers are believed (`--trusted-proxy`).
    pub proxies: Vec<IpNet>,
    /// One line per request on standard error (`--quiet` turns it off).
    pub log: bool,
}

impl Public {
    /// The link to `path` on this server.
    pub fn link(&self, path: &str) -> String {
        match &self.base {
            Some(base) => base.link(path),
            None => format!("http://127.0.0.1:8080{path}"),
        }
    }

    /// Whether a request from `peer` comes through a proxy named with `--trusted-proxy`. An
    /// IPv4 peer seen as IPv6 (`::ffff:127.0.0.1`, from a socket listening on `::`) is matched as
    /// its IPv4 self.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        let peer = match peer {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(peer, IpAddr::V4),
            v4 => v4,
        };
        self.proxies.iter().any(|net| net.contains(&peer))
    }

    /// The address of the client a request from `peer` with `headers` comes from: `peer`
    /// itself, or, through trusted proxies, the last address of `X-Forwarded-For` that is not
    /// one of them (the one the nearest trusted proxy saw; earlier entries may be forged).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let mut said = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .collect::<Vec<_>>();
        said.reverse();
        said.into_iter().find(|ip| !self.trusts(*ip)).unwrap_or(peer)
    }
}

/// The headers a proxy adds about a request, believed from a trusted proxy only.
const FORWARDED: [&str; 4] = [
    "x-forwarded-for",
    "x-forwarded-proto",
    "x-forwarded-host",
    "forwarded",
];

/// The address a request came from, as the accept loop saw it (`listen.rs`); none for a
/// request made inside the server or by a test without a socket.
pub fn peer(req: &Request) -> Option<SocketAddr> {
    req.extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| *addr)
}

/// Removes what a proxy would say about a request ([`FORWARDED`]) unless the request comes
/// from a proxy named with `--trusted-proxy`: a client that is not one cannot claim HTTPS
/// (the session cookie's `Secure` flag), another client's address, or another host.
pub async fn believe_proxies_only(
    State(server): State<Arc<super::Server>>,
    mut req: Request,
    next: Next,
) -> Response {
    let trusted = peer(&req).is_some_and(|p| server.public.trusts(p.ip()));
    if !trusted {
        for name in FORWARDED {
            req.headers_mut().remove(name);
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_url_is_a_scheme_and_a_host_only() {
        let ok = |s: &str| BaseUrl::parse(s).map(|b| b.to_string());
        assert_eq!(
            ok("https://League.Example.org/").unwrap(),
            "https://league.example.org"
        );
        assert_eq!(
            ok("http://192.168.1.20:8080").unwrap(),
            "http://192.168.1.20:8080"
        );
        assert_eq!(ok("https://[::1]:8443").unwrap(), "https://[::1]:8443");
        for bad in [
            "league.example.org",
            "ftp://league.example.org",
            "https://",
            "https://user:pw@league.example.org",
            "https://league.example.org/ptg",
            "https://league.example.org/?a=1",
            "https://league example.org",
            "",
        ] {
            assert!(BaseUrl::parse(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn links_start_with_the_base_url() {
        let base = BaseUrl::parse("https://league.example.org").unwrap();
        assert_eq!(base.link("/invite/abc"), "https://league.example.org/invite/abc");
        let listening = BaseUrl::of_listen("127.0.0.1:9000".parse().unwrap());
        assert_eq!(listening.to_string(), "http://127.0.0.1:9000");
        // Every interface: an address people can open, never 0.0.0.0.
        let any = BaseUrl::of_listen("0.0.0.0:9000".parse().unwrap()).to_string();
        assert!(!any.contains("0.0.0.0") && any.ends_with(":9000"), "{any}");
    }

    #[test]
    fn only_trusted_proxies_name_the_client() {
        let public = Public {
            proxies: vec![
                parse_proxy("127.0.0.1").unwrap(),
                parse_proxy("10.0.0.0/8").unwrap(),
            ],
            ..Public::default()
        };
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            "6.6.6.6, 203.0.113.7, 10.1.2.3".parse().unwrap(),
        );
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(public.client(ip("127.0.0.1"), &h), ip("203.0.113.7"));
        assert_eq!(public.client(ip("::ffff:127.0.0.1"), &h), ip("203.0.113.7"));
        assert_eq!(public.client(ip("198.51.100.9"), &h), ip("198.51.100.9"));
        assert!(parse_proxy("::1").is_ok() && parse_proxy("fd00::/8").is_ok());
        assert!(parse_proxy("localhost").is_err() && parse_proxy("10.0.0.0/33").is_err());
    }
}
