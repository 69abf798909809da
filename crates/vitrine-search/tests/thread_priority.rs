//! The index's threads run at a lower priority than the process's others (ADR 0034). In a
//! process of its own: tantivy starts new indexing threads from the thread that commits, so
//! another test's index committing on a test thread (at the process's priority) would show
//! threads of the same names at that priority (seen once in CI: `[10, 0] not above 0`).

use vitrine_search::TantivyIndex;

/// The nice value of each of this process's threads whose name starts with `prefix`
/// (Linux: `/proc/self/task/*/stat`, field 19).
fn nice_of_threads(prefix: &str) -> Vec<i32> {
    let mut nice = Vec::new();
    for task in std::fs::read_dir("/proc/self/task")
        .expect("tasks")
        .flatten()
    {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        if !comm.starts_with(prefix) {
            continue;
        }
        // After the command in parentheses: state is field 3, nice field 19.
        let fields: Vec<&str> = stat[stat.rfind(')').expect("comm") + 2..]
            .split(' ')
            .collect();
        nice.push(fields[16].parse().expect("nice"));
    }
    nice
}

#[test]
fn the_writers_threads_yield_to_requests() {
    let mine = nice_of_threads("");
    let ours = *mine.iter().min().expect("this process has threads");
    let _index = TantivyIndex::in_memory().expect("index");
    // Thread names as /proc shows them: cut to 15 bytes. A new thread names itself once it
    // runs, so each is looked for a little while.
    for prefix in ["thrd-tantivy", "segment_updater", "merge_thread"] {
        let mut nice = nice_of_threads(prefix);
        for _ in 0..200 {
            if !nice.is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
            nice = nice_of_threads(prefix);
        }
        assert!(!nice.is_empty(), "{prefix}: no thread");
        assert!(
            nice.iter().all(|n| *n > ours),
            "{prefix}: {nice:?} not above {ours}"
        );
    }
}
