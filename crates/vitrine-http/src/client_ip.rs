//! The client's address: the socket peer, or `X-Forwarded-For` behind trusted proxies only.

use std::net::IpAddr;

use axum::http::HeaderMap;

/// The key brakes count by: the client's address, or "unknown".
pub fn client_key(ip: Option<IpAddr>) -> String {
    ip.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
}

/// The socket peer, or the address `hops` entries from the right of `X-Forwarded-For` when
/// that many trusted proxies sit in front (0 never reads the header, which clients can forge).
pub fn client_ip(headers: &HeaderMap, peer: Option<IpAddr>, hops: u8) -> Option<IpAddr> {
    forwarded_entry(headers, "x-forwarded-for", hops)
        .and_then(|s| s.parse().ok())
        .or(peer)
}

/// The entry of a comma-separated `X-Forwarded-*` header that the outermost of `hops` trusted
/// proxies wrote (`hops` from the right; the first when there are fewer); none when no proxy is
/// trusted (0), as clients can forge the header.
pub(crate) fn forwarded_entry<'a>(headers: &'a HeaderMap, name: &str, hops: u8) -> Option<&'a str> {
    if hops == 0 {
        return None;
    }
    let forwarded: Vec<&str> = headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    forwarded
        .len()
        .checked_sub(usize::from(hops))
        .and_then(|i| forwarded.get(i))
        .or(forwarded.first())
        .copied()
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn forwarded_for_is_ignored_unless_proxies_are_trusted() {
        let mut h = HeaderMap::new();
        h.append(
            "x-forwarded-for",
            HeaderValue::from_static("1.1.1.1, 10.0.0.2"),
        );
        let peer: Option<IpAddr> = "10.0.0.1".parse().ok();
        assert_eq!(client_ip(&h, peer, 0), peer);
        assert_eq!(client_ip(&h, peer, 1), "10.0.0.2".parse().ok());
        assert_eq!(client_ip(&h, peer, 2), "1.1.1.1".parse().ok());
        assert_eq!(client_ip(&h, peer, 5), "1.1.1.1".parse().ok());
    }
}
