//! Password hashing with Argon2id (the `argon2` crate's defaults, OWASP's minimum). Hashing is
//! deliberately slow, so it runs on the blocking pool, never on the async workers.

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// A PHC string for `password`.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing the password failed: {e}"))
}

/// A random password of 20 letters and digits (about 119 bits), for `vitrine user add`
/// without `--password-stdin`.
pub fn generate() -> String {
    use rand::Rng;
    use rand::distributions::Alphanumeric;
    rand::rngs::OsRng
        .sample_iter(&Alphanumeric)
        .take(20)
        .map(char::from)
        .collect()
}

/// Whether `password` matches the stored PHC string. An unreadable hash never matches.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Hashes a new password on the blocking pool.
pub async fn hash_off_thread(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || hash(&password))
        .await
        .map_err(|e| anyhow::anyhow!("the hashing task failed: {e}"))?
}

/// Checks a password against a stored hash on the blocking pool.
pub async fn verify_off_thread(password: String, phc: String) -> bool {
    tokio::task::spawn_blocking(move || verify(&password, &phc))
        .await
        .unwrap_or(false)
}

/// Checks a login on the blocking pool. Without a stored hash it still hashes once, so an
/// unknown email takes as long as a wrong password (no account discovery by timing).
pub async fn verify_login(password: String, phc: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || match phc {
        Some(phc) => verify(&password, &phc),
        None => {
            let _ = hash(&password);
            false
        }
    })
    .await
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let phc = hash("correct horse battery").expect("hash");
        assert!(phc.starts_with("$argon2id$"));
        assert!(verify("correct horse battery", &phc));
        assert!(!verify("correct horse batter", &phc));
        assert!(!verify("correct horse battery", "not a hash"));
        assert_ne!(hash("correct horse battery").expect("hash"), phc, "salted");
        let generated = generate();
        assert_eq!(generated.len(), 20);
        assert!(generated.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(generate(), generated);
    }
}
