//! How often the checkout jobs run (reconciliation, the unpaid-order cancel, the e-mail
//! outbox) and how long a payment attempt stays quiet before the reconciliation re-reads it:
//! `[checkout] job_interval_seconds` and `reconcile_after_seconds`. The defaults are the
//! application's (`JOB_INTERVAL`, `RECONCILE_AFTER`); the crash proof sets both short.

use std::time::Duration;

use anyhow::bail;
use vitrine_app::checkout::{JOB_INTERVAL, RECONCILE_AFTER};

use super::checkout::CheckoutFile;

/// At most a day: a longer interval is a typo, and a job that never runs loses paid orders.
const MAX_SECONDS: u64 = 24 * 60 * 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckoutJobs {
    pub interval: Duration,
    pub reconcile_after: Duration,
}

impl Default for CheckoutJobs {
    fn default() -> Self {
        Self {
            interval: JOB_INTERVAL,
            reconcile_after: RECONCILE_AFTER,
        }
    }
}

impl CheckoutJobs {
    pub fn from_file(file: &CheckoutFile) -> anyhow::Result<Self> {
        let seconds = |value: Option<u64>, key: &str, default: Duration| match value {
            None => Ok(default),
            Some(n @ 1..=MAX_SECONDS) => Ok(Duration::from_secs(n)),
            Some(n) => bail!("[checkout] {key}: {n} is not between 1 and {MAX_SECONDS}"),
        };
        Ok(Self {
            interval: seconds(
                file.job_interval_seconds,
                "job_interval_seconds",
                JOB_INTERVAL,
            )?,
            reconcile_after: seconds(
                file.reconcile_after_seconds,
                "reconcile_after_seconds",
                RECONCILE_AFTER,
            )?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs(text: &str) -> anyhow::Result<CheckoutJobs> {
        let mut raw: toml::Table = toml::from_str(text).expect("toml");
        let tables = super::super::CheckoutTables::take(&mut raw)?;
        CheckoutJobs::from_file(&tables.checkout)
    }

    #[test]
    fn unset_the_jobs_run_every_minute_and_reconcile_after_ten() {
        let j = jobs("").expect("default");
        assert_eq!(j.interval, Duration::from_secs(60));
        assert_eq!(j.reconcile_after, Duration::from_secs(600));
    }

    #[test]
    fn the_file_sets_both_and_bounds_them() {
        let j = jobs("[checkout]\njob_interval_seconds = 1\nreconcile_after_seconds = 2\n")
            .expect("short");
        assert_eq!(j.interval, Duration::from_secs(1));
        assert_eq!(j.reconcile_after, Duration::from_secs(2));
        assert!(jobs("[checkout]\njob_interval_seconds = 86400\n").is_ok());
        let zero = jobs("[checkout]\njob_interval_seconds = 0\n").expect_err("zero");
        assert!(zero.to_string().contains("job_interval_seconds"), "{zero}");
        let long = jobs("[checkout]\nreconcile_after_seconds = 86401\n").expect_err("long");
        assert!(
            long.to_string().contains("reconcile_after_seconds"),
            "{long}"
        );
    }
}
