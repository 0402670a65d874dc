//! How many connections each client address holds (issue #39), so that one machine cannot take
//! every slot of `--max-connections`: past `--max-per-address`, its next connections are
//! refused while other addresses are still served. A `--trusted-proxy`'s connections are each
//! some client's, so the accept loop does not count them here.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};

/// The connections held, by address (an address holding none is not kept).
pub struct Addresses {
    held: Mutex<HashMap<IpAddr, usize>>,
    cap: usize,
}

/// One connection of `ip`, given back when dropped.
pub struct Held {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Addresses {
    pub fn new(cap: usize) -> Arc<Addresses> {
        Arc::new(Addresses {
            held: Mutex::new(HashMap::new()),
            cap: cap.max(1),
        })
    }

    /// A connection of `ip`, unless its machine holds its cap already (see [`machine`]).
    pub fn take(self: &Arc<Self>, ip: IpAddr) -> Option<Held> {
        let ip = machine(ip);
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(ip).or_insert(0);
        if *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(Held {
            addresses: self.clone(),
            ip,
        })
    }
}

/// The address that stands for `ip`'s machine: an IPv4 address seen through an IPv6 socket is
/// itself, and an IPv6 address counts by its /64, the network one machine is usually given
/// (it may pick any address in it).
fn machine(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !(u128::from(u64::MAX)))),
        v4 => v4,
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.addresses.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.ip) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                held.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Addresses;
    use std::net::IpAddr;

    #[test]
    fn an_address_holds_its_cap_and_no_more_while_others_are_served() {
        let addresses = Addresses::new(2);
        let one: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let first = addresses.take(one).unwrap();
        let _second = addresses.take(one).unwrap();
        assert!(addresses.take(one).is_none());
        // The same address through an IPv6 socket is the same machine.
        assert!(addresses.take("::ffff:10.0.0.1".parse().unwrap()).is_none());
        assert!(addresses.take(other).is_some());
        // An IPv6 machine may use any address of its /64: they are one.
        let v6 = |a: &str| a.parse::<IpAddr>().unwrap();
        let _a = addresses.take(v6("2001:db8:1:2::1")).unwrap();
        let _b = addresses.take(v6("2001:db8:1:2::ffff")).unwrap();
        assert!(addresses.take(v6("2001:db8:1:2:abcd::9")).is_none());
        assert!(addresses.take(v6("2001:db8:1:3::1")).is_some());
        drop(first);
        assert!(addresses.take(one).is_some());
    }
}
