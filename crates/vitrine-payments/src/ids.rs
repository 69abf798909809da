//! Stripe-shaped ids: a prefix and 24 base62 characters (`pi_3Kmn…`), and client secrets
//! `<id>_secret_<24>`.

use rand::Rng;
use rand::distributions::Alphanumeric;

pub const RANDOM_LEN: usize = 24;

pub fn random_part(rng: &mut impl Rng) -> String {
    (0..RANDOM_LEN)
        .map(|_| char::from(rng.sample(Alphanumeric)))
        .collect()
}

pub fn new_id(prefix: &str, rng: &mut impl Rng) -> String {
    format!("{prefix}_{}", random_part(rng))
}

pub fn client_secret(id: &str, rng: &mut impl Rng) -> String {
    format!("{id}_secret_{}", random_part(rng))
}

/// An id we could have made: `prefix_` then base62 only. Ids from a URL are checked with this
/// before they reach a query or a path.
pub fn looks_like(id: &str, prefixes: &[&str]) -> bool {
    id.split_once('_').is_some_and(|(prefix, rest)| {
        prefixes.contains(&prefix)
            && !rest.is_empty()
            && rest.len() <= 64
            && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}
