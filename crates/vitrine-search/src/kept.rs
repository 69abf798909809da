//! What a suggestion's walk learns of a term in a segment (its best score, its last document),
//! kept between searches when finding it again would cost (ADR 0048).
//!
//! Only terms with many postings are kept: a rare term's answer is found again in a few
//! microseconds, and keeping every term a stream of distinct queries asks for ("hoodie 4213":
//! a new number each time) filled the cache within seconds, and starting over then had the
//! frequent terms' answers found again — "gen" read a million postings for its best score, a
//! few milliseconds at 1,000,000 products, for several requests at once.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// Postings from which a term's answers are kept.
pub(crate) const KEPT_FROM: u32 = 1024;

/// Entries kept at most before the cache starts over (the frequent terms of a shop are far
/// fewer).
const MAX_KEPT: usize = 50_000;

pub(crate) struct Kept<K, V>(Mutex<HashMap<K, V>>);

impl<K, V> Default for Kept<K, V> {
    fn default() -> Self {
        Self(Mutex::new(HashMap::new()))
    }
}

impl<K: Hash + Eq, V: Copy> Kept<K, V> {
    pub(crate) fn clear(&self) {
        if let Ok(mut known) = self.0.lock() {
            known.clear();
        }
    }

    pub(crate) fn get(&self, key: &K) -> Option<V> {
        self.0.lock().ok().and_then(|m| m.get(key).copied())
    }

    /// Keeps `value` for a term of `postings` postings, when it has many.
    pub(crate) fn keep(&self, key: K, value: V, postings: u32) {
        if postings < KEPT_FROM {
            return;
        }
        if let Ok(mut known) = self.0.lock() {
            if known.len() >= MAX_KEPT {
                known.clear();
            }
            known.insert(key, value);
        }
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.0.lock().map(|m| m.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::{KEPT_FROM, Kept};

    #[test]
    fn only_answers_for_terms_with_many_postings_are_kept() {
        let kept: Kept<&str, u32> = Kept::default();
        kept.keep("4213", 7, 1);
        kept.keep("gen", 9, KEPT_FROM);
        assert_eq!(kept.get(&"4213"), None, "a rare term is found again");
        assert_eq!(kept.get(&"gen"), Some(9));
        kept.clear();
        assert_eq!(kept.get(&"gen"), None);
    }
}
