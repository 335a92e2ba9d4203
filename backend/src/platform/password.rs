//! argon2id password hashes. Hashing is CPU-bound (~40 ms), so it runs on the blocking pool
//! behind a small semaphore: a flood of sign-ins queues here instead of starving the async
//! threads that serve everyone else.

use std::sync::{Arc, OnceLock};

use anyhow::Context;
use argon2::password_hash::phc::PasswordHash;
use argon2::{Argon2, PasswordHasher as _, PasswordVerifier as _};
use tokio::sync::Semaphore;

#[derive(Clone)]
pub struct PasswordHasher {
    permits: Arc<Semaphore>,
}

impl Default for PasswordHasher {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Self {
            permits: Arc::new(Semaphore::new(cores.max(2))),
        }
    }
}

impl PasswordHasher {
    /// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) with a fresh random salt.
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let _permit = self.permits.acquire().await.context("hasher closed")?;
        let password = password.to_owned();
        tokio::task::spawn_blocking(move || hash_blocking(&password)).await?
    }

    /// Checks a password against a stored hash. With no hash (unknown account) it still does
    /// the work of one verification, so the answer's timing does not reveal which accounts exist.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> anyhow::Result<bool> {
        let _permit = self.permits.acquire().await.context("hasher closed")?;
        let password = password.to_owned();
        let known = hash.is_some();
        let hash = hash.map(str::to_owned);
        let matches = tokio::task::spawn_blocking(move || {
            // The dummy is hashed once, on the blocking pool like every hash.
            let hash = hash.as_deref().unwrap_or_else(|| dummy_hash());
            let parsed = PasswordHash::new(hash).context("stored password hash is malformed")?;
            anyhow::Ok(
                Argon2::default()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok(),
            )
        })
        .await??;
        Ok(known && matches)
    }
}

fn hash_blocking(password: &str) -> anyhow::Result<String> {
    // Argon2::default() is argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's baseline).
    let hash = Argon2::default()
        .hash_password(password.as_bytes())
        .map_err(|err| anyhow::anyhow!("hashing a password: {err}"))?;
    Ok(hash.to_string())
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_blocking("no account has this password").expect("argon2 works"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_and_no_other() {
        let hasher = PasswordHasher::default();
        let hash = hasher.hash("correct horse").await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(hasher.verify("correct horse", Some(&hash)).await.unwrap());
        assert!(!hasher.verify("wrong horse", Some(&hash)).await.unwrap());
        assert!(!hasher.verify("correct horse", None).await.unwrap());
    }
}
