//! Opaque ids written as lower-case hex (cart item keys, session ids, digests): one shape check.

/// Whether `text` is exactly `len` lower-case hex digits, the only form these ids are minted in.
/// Upper case is refused so that one id never has two spellings.
pub fn is_lower_hex(text: &str, len: usize) -> bool {
    text.len() == len
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lower_case_hex_of_the_exact_length_passes() {
        assert!(is_lower_hex(&"0a".repeat(16), 32));
        for text in ["", "abc", &"A".repeat(32), &"g".repeat(32), &"a".repeat(33)] {
            assert!(!is_lower_hex(text, 32), "{text:?}");
        }
    }
}
