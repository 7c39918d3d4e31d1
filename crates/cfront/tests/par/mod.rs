//! Runs independent test cases on every core. `cargo test` runs one test binary at a
//! time, so a binary whose work is one long loop would leave the other cores idle; the
//! cases here each build their own term store and solver, so they share nothing.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `f(0), …, f(n - 1)`, computed on up to `available_parallelism` threads, in order.
pub fn map<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(n.max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = f(i);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every case ran"))
        .collect()
}
